import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, localeAtom, useHost } from '@tours/shared/core';
import { useApiQuery, type SetLanguageBody, type UserProfile } from '@tours/shared/api';
import { Button, ErrorState, SelectField, TextField, errorText, useForm } from '@tours/shared/kit';
import { changeCountry, fetchCountries, setLanguage, updateProfile } from './api';
import { initialLanguage, languageOptions } from './rules';
import { settingsFailure } from './session';

export interface ProfileProps {
  profile: UserProfile;
  token: string;
  /** The user a call answered: the page's profile and the session's follow it. */
  onUser: (user: UserProfile) => void;
}

/** Section 'Profile': three small forms, each saved on its own — the name, the language of messages, the country. */
export function ProfileSection(props: ProfileProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <section className="acc-settings__card" aria-labelledby={id}>
      <h2 id={id} className="acc-settings__title">
        {intl.formatMessage({ id: 'account.settings.profile' })}
      </h2>
      <NameForm {...props} />
      <LanguageForm {...props} />
      <CountryForm {...props} />
    </section>
  );
}

/** One small form of a section: a heading of its own names it. */
function SubForm({ titleId, onSubmit, children }: { titleId: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  const intl = useIntl();
  const id = useId();
  return (
    <form className="acc-settings__form" noValidate aria-labelledby={id} onSubmit={onSubmit}>
      <h3 id={id} className="acc-settings__subtitle">
        {intl.formatMessage({ id: titleId })}
      </h3>
      {children}
    </form>
  );
}

/** The error of a select, wired like TextField's (the kit's SelectField has none). */
function selectError(id: string, error: string | undefined) {
  return {
    describedBy: error ? `${id}-error` : undefined,
    node: error ? (
      <p id={`${id}-error`} className="ui-field__error">
        {error}
      </p>
    ) : null,
  };
}

function NameForm({ profile, token, onUser }: ProfileProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const host = useHost();
  const [saving, setSaving] = useState(false);
  const form = useForm({ first_name: profile.first_name, last_name: profile.last_name }, { first_name: [{ rule: 'max', param: 100 }], last_name: [{ rule: 'max', param: 100 }] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.validate().length) return;
    setSaving(true);
    try {
      const answer = await updateProfile(host.api, { first_name: form.values.first_name.trim(), last_name: form.values.last_name.trim() });
      onUser(answer.user);
      host.toast({ kind: 'success', messageId: 'account.settings.saved' });
    } catch (error) {
      form.setServerErrors(settingsFailure(host, token, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SubForm titleId="account.settings.name" onSubmit={submit}>
      <TextField label={t('account.settings.firstName')} autoComplete="given-name" maxLength={100} error={errorText(form.errors.first_name, t)} {...form.field('first_name')} />
      <TextField label={t('account.settings.lastName')} autoComplete="family-name" maxLength={100} error={errorText(form.errors.last_name, t)} {...form.field('last_name')} />
      <Button type="submit" loading={saving}>
        {t('account.settings.save')}
      </Button>
    </SubForm>
  );
}

/** The language of the messages the traveller gets (set-language). The page keeps its own locale (the header's switcher). */
function LanguageForm({ profile, token, onUser }: ProfileProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const host = useHost();
  const id = useId();
  const locale = useAtomValue(localeAtom);
  const { russianIsAvailable } = useAtomValue(appConfigAtom);
  const [saving, setSaving] = useState(false);
  const form = useForm({ language_code: initialLanguage(profile.language, locale) }, { language_code: ['required'] });
  const options = languageOptions(russianIsAvailable, profile.language);
  const error = selectError(id, errorText(form.errors.language_code, t));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.validate().length) return;
    setSaving(true);
    try {
      const answer = await setLanguage(host.api, { language_code: form.values.language_code as SetLanguageBody['language_code'] });
      onUser(answer.user);
      host.toast({ kind: 'success', messageId: 'account.settings.saved' });
    } catch (failure) {
      form.setServerErrors(settingsFailure(host, token, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SubForm titleId="account.settings.language" onSubmit={submit}>
      <SelectField
        id={id}
        name="language_code"
        label={t('account.settings.languageLabel')}
        options={options}
        value={form.values.language_code}
        onChange={(e) => form.change('language_code', e.target.value)}
        aria-invalid={error.node ? true : undefined}
        aria-describedby={[`${id}-hint`, error.describedBy].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className="ui-field__hint">
        {t('account.settings.languageHint')}
      </p>
      {error.node}
      <Button type="submit" loading={saving}>
        {t('account.settings.save')}
      </Button>
    </SubForm>
  );
}

/** The traveller's country, from the country list (change-country). */
function CountryForm({ profile, token, onUser }: ProfileProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const host = useHost();
  const id = useId();
  const locale = useAtomValue(localeAtom);
  const countries = useApiQuery(`countries:${locale}`, (signal) => fetchCountries(host.api, signal));
  const [saving, setSaving] = useState(false);
  const form = useForm({ country_id: profile.country ? String(profile.country.id) : '' }, { country_id: ['required'] });
  const error = selectError(id, errorText(form.errors.country_id, t));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || form.validate().length) return;
    setSaving(true);
    try {
      const answer = await changeCountry(host.api, { country_id: Number(form.values.country_id) });
      onUser(answer.user);
      host.toast({ kind: 'success', messageId: 'account.settings.saved' });
    } catch (failure) {
      form.setServerErrors(settingsFailure(host, token, failure));
    } finally {
      setSaving(false);
    }
  };

  if (countries.error && !countries.loading && !countries.data) {
    return (
      <SubForm titleId="account.settings.country" onSubmit={(e) => e.preventDefault()}>
        <ErrorState onRetry={countries.retry} />
      </SubForm>
    );
  }
  // Until the list is here, the select shows the saved country alone.
  const list = countries.data ?? (profile.country ? [profile.country] : []);
  const options = [
    ...(form.values.country_id === '' ? [{ value: '', label: t('account.settings.countryNone') }] : []),
    ...list.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <SubForm titleId="account.settings.country" onSubmit={submit}>
      <SelectField
        id={id}
        name="country_id"
        label={t('account.settings.countryLabel')}
        options={options}
        value={form.values.country_id}
        disabled={!countries.data}
        aria-busy={countries.loading || undefined}
        onChange={(e) => form.change('country_id', e.target.value)}
        aria-invalid={error.node ? true : undefined}
        aria-describedby={error.describedBy}
      />
      {error.node}
      <Button type="submit" loading={saving} disabled={!countries.data}>
        {t('account.settings.save')}
      </Button>
    </SubForm>
  );
}
