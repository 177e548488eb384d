import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';

/** Where the contacts page's forms were opened from (the help request's `click_source`). */
const CONTACTS_CLICK_SOURCE = 'contacts_page';

/**
 * 'Request a call' and 'Send a request to our email' under the contacts (issue 17 'Contact us'): the layout's own
 * forms, the header's and the bubble's, opened through the contract (`layout:help-form`) — one implementation.
 */
export function ContactActions() {
  const intl = useIntl();
  const host = useHost();
  const open = (form: 'callback' | 'email-request') => host.emit('layout:help-form', { form, clickSource: CONTACTS_CLICK_SOURCE });
  return (
    <div className="srch-info-contacts__actions">
      <Button aria-haspopup="dialog" onClick={() => open('callback')}>
        {intl.formatMessage({ id: 'info.contacts.callback' })}
      </Button>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => open('email-request')}>
        {intl.formatMessage({ id: 'info.contacts.emailRequest' })}
      </Button>
    </div>
  );
}
