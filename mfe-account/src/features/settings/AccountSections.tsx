import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { hasEmptyFields, useApiQuery, type UserProfile } from '@tours/shared/api';
import { ErrorState } from '@tours/shared/kit';
import { isSessionOver } from '../common/errors';
import { fetchProfile } from './api';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';
import { ProfileSection } from './ProfileSection';
import { endSession, saveSessionProfile } from './session';
import { SettingsLoading } from './SettingsLoading';

/** The signed-in part of the account settings (AccountSettingsPage), its own chunk: the profile, then its sections. */
export default function Account({ token, reloadKey }: { token: string; reloadKey: number }) {
  const host = useHost();
  // Keyed by the token: another sign-in loads that account's profile.
  const query = useApiQuery(`profile:${token}`, (signal) => fetchProfile(host.api, signal));
  // A token the server no longer knows ends the session (the page then offers to log in).
  useEffect(() => {
    if (isSessionOver(query.error)) endSession(host, token);
  }, [query.error, host, token]);
  if (query.data) return <Sections key={query.data.profile.id} initial={query.data.profile} token={token} reloadKey={reloadKey} />;
  if (query.error && !query.loading) return <ErrorState onRetry={query.retry} />;
  return <SettingsLoading />;
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
