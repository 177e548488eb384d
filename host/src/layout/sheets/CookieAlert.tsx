import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { Button, Link, Sheet } from '@tours/shared/kit';
import { readCookie, writeCookie } from '../../state/cookies';
import { cookiesPendingAtom } from '../state';
import { useFirstVisitPrompt } from '../useFirstVisitPrompt';
import './sheets.css';

/**
 * Cookie alert sheet (§4.11): shown until 'Allow' is clicked; the choice is kept for 180 days. It waits for the
 * location dropdown's answer (layout/first-visit.ts: one unasked prompt at a time).
 */
export function CookieAlert() {
  const host = useHost();
  const intl = useIntl();
  const [accepted, setAccepted] = useState(() => readCookie(COOKIES.cookieAlert.name) === '1');
  const setPending = useSetAtom(cookiesPendingAtom);
  const shows = useFirstVisitPrompt('cookies');
  useEffect(() => {
    setPending(!accepted);
  }, [accepted, setPending]);
  if (accepted || !shows) return null;
  const allow = () => {
    writeCookie(COOKIES.cookieAlert.name, '1', COOKIES.cookieAlert.maxAge);
    setAccepted(true);
  };
  return (
    <Sheet
      className="lay-cookie"
      label={intl.formatMessage({ id: 'layout.cookies.label' })}
      actions={<Button onClick={allow}>{intl.formatMessage({ id: 'layout.cookies.allow' })}</Button>}
    >
      <p className="lay-sheet__text">
        <FormattedMessage id="layout.cookies.text" values={{ link: (chunks) => <Link href={host.href('cookies')}>{chunks}</Link> }} />
      </p>
    </Sheet>
  );
}
