import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { Link, MessageBanner } from '@tours/shared/kit';
import { readSession, writeSession } from '../browser';
import { showsPartnershipBar } from '../first-visit';
import { cookiesAnsweredAtom } from '../state';
import './sheets.css';

const HIDDEN_KEY = 'partnership-bar-hidden';

/**
 * Partnership message bar (§2.3): invites travel agencies to the for-agencies page; closed for the visit. Not on a
 * first visit (first-visit.ts): from the first page after the cookie alert was answered.
 */
export function PartnershipBar() {
  const host = useHost();
  const intl = useIntl();
  const route = useAtomValue(routeAtom);
  const cookiesAnswered = useAtomValue(cookiesAnsweredAtom);
  // Rendered by the server too (it sits above the header: appearing after hydration would push the
  // page down); a dismissal earlier in the visit hides it once the page is running.
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (readSession(HIDDEN_KEY) === '1') setHidden(true);
  }, []);
  if (hidden || !showsPartnershipBar(cookiesAnswered, route?.name)) return null;
  return (
    <MessageBanner
      kind="promo"
      className="lay-partner"
      closeLabel={intl.formatMessage({ id: 'layout.partnership.close' })}
      onClose={() => {
        writeSession(HIDDEN_KEY, '1');
        setHidden(true);
      }}
    >
      <FormattedMessage id="layout.partnership.text" values={{ link: (chunks) => <Link href={host.href('partnership-page')}>{chunks}</Link> }} />
    </MessageBanner>
  );
}
