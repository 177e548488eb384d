import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, useHost } from '@tours/shared/core';
import { displayName, hasEmptyFields } from '@tours/shared/api';
import { Dropdown, Link } from '@tours/shared/kit';
import { ChevronIcon, PersonIcon } from '../contacts/icons';
import { logOut } from '../../state/session';

/**
 * The header's account control: 'Log in' (opens the login modal, accounts-and-comms §2) when logged out; the
 * traveller's name with 'Account settings' and 'Log out' when logged in. The first render is always logged out
 * (the session is restored after hydration), so the server HTML and hydration agree.
 */
export function AccountControl() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  const [open, setOpen] = useState(false);

  if (!session) {
    return (
      <button type="button" className="lay-switch__button lay-account__login" onClick={() => host.openModal('account/login', { reason: 'header' })}>
        <PersonIcon />
        <span className="lay-account__text">{intl.formatMessage({ id: 'layout.account.login' })}</span>
      </button>
    );
  }
  const profile = session.profile;
  const name = displayName({ first_name: profile.first_name ?? '', last_name: profile.last_name ?? '' }) || profile.email || profile.phone || intl.formatMessage({ id: 'layout.account.anonymous' });
  const incomplete = hasEmptyFields({ first_name: profile.first_name ?? '', last_name: profile.last_name ?? '', is_email_set: profile.is_email_set ?? Boolean(profile.email) });
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      role="group"
      label={intl.formatMessage({ id: 'layout.account.menu' }, { name })}
      align="end"
      focusOnOpen
      className="lay-switch lay-account"
      trigger={(props) => (
        <button type="button" className="lay-switch__button" aria-label={intl.formatMessage({ id: 'layout.account.menu' }, { name })} {...props}>
          {/* The photo is decoration: the button's name says whose account it is. */}
          {profile.avatar_url ? <img className="lay-account__avatar" src={profile.avatar_url} alt="" width={24} height={24} /> : <PersonIcon />}
          <span className="lay-account__text" aria-hidden="true">{name}</span>
          <ChevronIcon />
        </button>
      )}
    >
      <ul className="lay-langs lay-account__menu">
        <li>
          <Link className="lay-langs__link" href={host.href('account')} onClick={() => setOpen(false)}>
            {intl.formatMessage({ id: incomplete ? 'layout.account.completeProfile' : 'layout.account.settings' })}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="lay-langs__link lay-account__logout"
            onClick={() => {
              setOpen(false);
              void logOut(host);
            }}
          >
            {intl.formatMessage({ id: 'layout.account.logout' })}
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}
