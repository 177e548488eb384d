import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, signInAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, hasEmptyFields, useApiQuery, type UserProfile } from '@tours/shared/api';
import { Button, ErrorState, PageHeader, Skeleton, TextField, errorText, useForm } from '@tours/shared/kit';
import { fetchProfile, updateProfile } from './api';
import './settings.css';

/**
 * Account settings (/account; accounts-and-comms §2 'Profile and account settings', whose screens the spec does not
 * show): the name, with the hasEmptyFields prompt (§3). Without a session it offers to log in (the account/login
 * modal); the profile is loaded once there is one.
 */
export default function AccountSettingsPage() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  const title = intl.formatMessage({ id: 'page.account.title' });
  return (
    <section className="acc-settings">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      {session ? <ProfileSection token={session.token} /> : <SignInPrompt />}
    </section>
  );
}

function SignInPrompt() {
  const intl = useIntl();
  const host = useHost();
  return (
    <div className="acc-settings__card">
      <p>{intl.formatMessage({ id: 'account.settings.signInPrompt' })}</p>
      <Button onClick={() => host.openModal('account/login', { reason: 'login-required' })}>{intl.formatMessage({ id: 'account.settings.signIn' })}</Button>
    </div>
  );
}

function ProfileSection({ token }: { token: string }) {
  const host = useHost();
  const intl = useIntl();
  // Keyed by the token: another sign-in loads that account's profile.
  const query = useApiQuery(`profile:${token}`, (signal) => fetchProfile(host.api, signal));
  if (query.data) return <ProfileForm key={query.data.profile.id} profile={query.data.profile} token={token} />;
  if (query.error && !query.loading) return <ErrorState onRetry={query.retry} />;
  return (
    <div aria-busy="true">
      <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
      <Skeleton className="acc-settings__skeleton" />
    </div>
  );
}

function ProfileForm({ profile, token }: { profile: UserProfile; token: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const host = useHost();
  const [current, setCurrent] = useState(profile);
  const [saving, setSaving] = useState(false);
  const form = useForm({ first_name: profile.first_name, last_name: profile.last_name }, { first_name: [{ rule: 'max', param: 100 }], last_name: [{ rule: 'max', param: 100 }] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.validate().length) return;
    setSaving(true);
    try {
      const answer = await updateProfile(host.api, { first_name: form.values.first_name.trim(), last_name: form.values.last_name.trim() });
      setCurrent(answer.user);
      // The session's profile follows (the header shows the name).
      host.store.set(signInAtom, { token, profile: answer.user });
      host.toast({ kind: 'success', messageId: 'account.settings.saved' });
    } catch (error) {
      form.setServerErrors(applyServerErrors(error, host.toast));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="acc-settings__card" noValidate onSubmit={submit}>
      {hasEmptyFields(current) && (
        <p className="acc-settings__prompt" role="status">
          {t('account.settings.emptyFields')}
        </p>
      )}
      <TextField label={t('account.settings.firstName')} autoComplete="given-name" maxLength={100} error={errorText(form.errors.first_name, t)} {...form.field('first_name')} />
      <TextField label={t('account.settings.lastName')} autoComplete="family-name" maxLength={100} error={errorText(form.errors.last_name, t)} {...form.field('last_name')} />
      <Button type="submit" loading={saving}>
        {t('account.settings.save')}
      </Button>
    </form>
  );
}
