import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { COOKIES } from '@tours/shared/contract';
import { Button, Link, Sheet } from '@tours/shared/kit';
import { readCookie, writeCookie } from '../../state/cookies';
import './sheets.css';

/** Cookie alert sheet (§4.11): shown until 'Allow' is clicked; the choice is kept for 180 days. */
export function CookieAlert() {
  const host = useHost();
  const intl = useIntl();
  const [accepted, setAccepted] = useState(() => readCookie(COOKIES.cookieAlert.name) === '1');
  if (accepted) return null;
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
