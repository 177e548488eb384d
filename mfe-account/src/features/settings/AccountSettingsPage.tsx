import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, useHost } from '@tours/shared/core';
import { hasEmptyFields, useApiQuery, type UserProfile } from '@tours/shared/api';
import { ErrorState, PageHeader, Skeleton } from '@tours/shared/kit';
import { AccountNav } from '../common/AccountNav';
import { isSessionOver } from '../common/errors';
import { SignInPrompt } from '../common/SignInPrompt';
import { fetchProfile } from './api';
import { EmailSection } from './EmailSection';
import { LinkHandler } from './LinkHandler';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { ProfileSection } from './ProfileSection';
import { endSession, saveSessionProfile } from './session';
import './settings.css';

/**
 * Account settings (/account; accounts-and-comms §2 'Profile and account settings', whose screens the spec does not
 * show): at the top, the link an e-mail brought (sign-in, password reset, e-mail confirmation: with or without a
 * session); then, signed in, the sections — profile (name, language, country), e-mail, phone, password — each a
 * small form of its own, under the hasEmptyFields prompt (§3). Without a session it offers to log in (the
 * account/login modal).
 */
export default function AccountSettingsPage() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  // Bumped when a link confirmed an e-mail: the sections load the profile again.
  const [linkConfirmations, setLinkConfirmations] = useState(0);
  const title = intl.formatMessage({ id: 'page.account.title' });
  return (
    <section className="acc-settings">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      <AccountNav current="account" />
      <LinkHandler onEmailConfirmed={() => setLinkConfirmations((n) => n + 1)} />
      {session ? <Account token={session.token} reloadKey={linkConfirmations} /> : <SignInPrompt messageId="account.settings.signInPrompt" className="acc-settings__card" />}
    </section>
  );
}

function Account({ token, reloadKey }: { token: string; reloadKey: number }) {
  const host = useHost();
  const intl = useIntl();
  // Keyed by the token: another sign-in loads that account's profile.
  const query = useApiQuery(`profile:${token}`, (signal) => fetchProfile(host.api, signal));
  // A token the server no longer knows ends the session (the page then offers to log in).
  useEffect(() => {
    if (isSessionOver(query.error)) endSession(host, token);
  }, [query.error, host, token]);
  if (query.data) return <Sections key={query.data.profile.id} initial={query.data.profile} token={token} reloadKey={reloadKey} />;
  if (query.error && !query.loading) return <ErrorState onRetry={query.retry} />;
  return (
    <div aria-busy="true">
      <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
      <Skeleton className="acc-settings__skeleton" />
    </div>
  );
}

function Sections({ initial, token, reloadKey }: { initial: UserProfile; token: string; reloadKey: number }) {
  const host = useHost();
  const intl = useIntl();
  const [profile, setProfile] = useState(initial);

  const onUser = useCallback(
    (user: UserProfile) => {
      setProfile(user);
      saveSessionProfile(host, token, user);
    },
    [host, token],
  );

  /** The profile again, after an address became the account's. */
  const reload = useCallback(async (): Promise<UserProfile | null> => {
    try {
      const answer = await fetchProfile(host.api);
      onUser(answer.profile);
      return answer.profile;
    } catch (error) {
      if (isSessionOver(error)) endSession(host, token);
      return null;
    }
  }, [host, token, onUser]);

  useEffect(() => {
    if (reloadKey) void reload();
  }, [reloadKey, reload]);

  return (
    <div className="acc-settings__sections">
      {hasEmptyFields(profile) && (
        <p className="acc-settings__prompt" role="status">
          {intl.formatMessage({ id: 'account.settings.emptyFields' })}
        </p>
      )}
      <ProfileSection profile={profile} token={token} onUser={onUser} />
      <EmailSection profile={profile} token={token} reload={reload} />
      <PhoneSection profile={profile} token={token} reload={reload} />
      <PasswordSection token={token} />
    </div>
  );
}
