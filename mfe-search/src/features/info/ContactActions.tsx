import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';

/**
 * 'Request a call' and 'Send a request to our email' under the contacts (issue 17 'Contact us'): the forms open in the
 * host's modal outlet and load on first use (their chunk carries the form and the phone input).
 */
export function ContactActions() {
  const intl = useIntl();
  const host = useHost();
  const open = (form: 'callback' | 'email') =>
    void import(/* webpackChunkName: "contact-forms" */ './ContactForms').then((m) => (form === 'callback' ? m.openCallbackForm(host) : m.openEmailRequestForm(host)));
  return (
    <div className="srch-info-contacts__actions">
      <Button aria-haspopup="dialog" onClick={() => open('callback')}>
        {intl.formatMessage({ id: 'info.contacts.callback' })}
      </Button>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => open('email')}>
        {intl.formatMessage({ id: 'info.contacts.emailRequest' })}
      </Button>
    </div>
  );
}
