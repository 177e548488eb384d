import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { ApiError, appConfigAtom, localeAtom, useHost } from '@tours/shared/core';
import { IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES, uploadProblem, useApiQuery, type SetLanguageBody, type UserProfile } from '@tours/shared/api';
import { Button, ErrorState, SelectField, TextField, errorText, useForm } from '@tours/shared/kit';
import { isSessionOver } from '../common/errors';
import { changeCountry, fetchCountries, setLanguage, updateProfile, updateProfilePhoto, uploadImage } from './api';
import { initialLanguage, initials, languageOptions } from './rules';
import { endSession, settingsFailure } from './session';
import { useSettingsSubmit } from './useSettingsSubmit';
import { useT } from '../../i18n/t';

export interface ProfileProps {
  profile: UserProfile;
  token: string;
  /** The user a call answered: the page's profile and the session's follow it. */
  onUser: (user: UserProfile) => void;
}

/**
 * Section 'Profile': the photo, then three small forms, each saved on its own — the name, the language of messages,
 * the country.
 */
export function ProfileSection(props: ProfileProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <section className="acc-settings__card" aria-labelledby={id}>
      <h2 id={id} className="acc-settings__title">
        {intl.formatMessage({ id: 'account.settings.profile' })}
      </h2>
      <PhotoForm {...props} />
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

const MAX_PHOTO_MB = UPLOAD_MAX_BYTES.image / (1024 * 1024);

type PhotoState = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'done' } | { kind: 'error'; text: string };

/**
 * The profile photo (§2 'update profile and profile photo'): the current one, or the initials; 'Change photo' opens
 * the file picker (pictures only). The file is checked here with the API's own limits (type and size), uploaded
 * (image/upload, captcha), and made the photo (update-profile-photo), whose answer is the user the page and the
 * session follow. Progress and the outcome are announced (a status line); an error is an alert under the button.
 */
function PhotoForm({ profile, token, onUser }: ProfileProps) {
  const t = useT();
  const host = useHost();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<PhotoState>({ kind: 'idle' });
  const uploading = state.kind === 'uploading';

  const failure = (error: unknown): string => {
    if (error instanceof ApiError) {
      // A body refused for its size on the way (the host's proxy, or the API): no number to name here.
      if (error.status === 413) return t('account.photo.refusedSize');
      const field = error.fieldErrors.image ?? error.fieldErrors.avatar_id ?? error.fieldErrors.bucket;
      if (field) return field;
    }
    return t('account.photo.failed');
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after an error.
    event.target.value = '';
    if (!file || uploading) return;
    const problem = uploadProblem('image', file);
    if (problem) {
      setState({ kind: 'error', text: problem === 'size' ? t('account.photo.tooLarge', { max: MAX_PHOTO_MB }) : t(problem === 'empty' ? 'account.photo.empty' : 'account.photo.wrongType') });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      const upload = await uploadImage(host.api, file, 'avatars');
      const answer = await updateProfilePhoto(host.api, { avatar_id: upload.id });
      onUser(answer.user);
      setState({ kind: 'done' });
    } catch (error) {
      if (isSessionOver(error)) {
        endSession(host, token);
        setState({ kind: 'idle' });
        return;
      }
      setState({ kind: 'error', text: failure(error) });
    }
  };

  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return (
    <div className="acc-settings__form" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="acc-settings__subtitle">
        {t('account.photo.title')}
      </h3>
      <div className="acc-settings__photo">
        {profile.avatar_url ? (
          <img className="acc-settings__avatar" src={profile.avatar_url} alt={t('account.photo.alt')} width={96} height={96} decoding="async" />
        ) : (
          <span className="acc-settings__avatar acc-settings__avatar--empty" role="img" aria-label={t('account.photo.none')}>
            <span aria-hidden="true">{initials(name)}</span>
          </span>
        )}
        <div className="acc-settings__photo-actions">
          <Button
            variant="secondary"
            loading={uploading}
            aria-describedby={[hintId, state.kind === 'error' ? errorId : ''].filter(Boolean).join(' ')}
            onClick={() => input.current?.click()}
          >
            {t('account.photo.change')}
          </Button>
          {/* Opened by the button: out of the tab order and of the accessibility tree (the button is its name). */}
          <input
            ref={input}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="photo-input"
            onChange={(e) => void pick(e)}
          />
          <p id={hintId} className="ui-field__hint">
            {t('account.photo.hint', { max: MAX_PHOTO_MB })}
          </p>
        </div>
      </div>
      <p className="acc-settings__notice" role="status">
        {uploading ? t('account.photo.uploading') : state.kind === 'done' ? t('account.photo.done') : ''}
      </p>
      {state.kind === 'error' && (
        <p id={errorId} className="acc-settings__error" role="alert">
          {state.text}
        </p>
      )}
    </div>
  );
}

function NameForm({ profile, token, onUser }: ProfileProps) {
  const t = useT();
  const host = useHost();
  const form = useForm({ first_name: profile.first_name, last_name: profile.last_name }, { first_name: [{ rule: 'max', param: 100 }], last_name: [{ rule: 'max', param: 100 }] });

  const { saving, submit } = useSettingsSubmit(form, async () => {
    const answer = await updateProfile(host.api, { first_name: form.values.first_name.trim(), last_name: form.values.last_name.trim() });
    onUser(answer.user);
    host.toast({ kind: 'success', messageId: 'account.settings.saved' });
  }, (failure) => settingsFailure(host, token, failure));

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
  const t = useT();
  const host = useHost();
  const id = useId();
  const locale = useAtomValue(localeAtom);
  const { russianIsAvailable, variant } = useAtomValue(appConfigAtom);
  const form = useForm({ language_code: initialLanguage(profile.language, locale) }, { language_code: ['required'] });
  const options = languageOptions(russianIsAvailable, profile.language, variant);
  const error = selectError(id, errorText(form.errors.language_code, t));

  const { saving, submit } = useSettingsSubmit(form, async () => {
    const answer = await setLanguage(host.api, { language_code: form.values.language_code as SetLanguageBody['language_code'] });
    onUser(answer.user);
    host.toast({ kind: 'success', messageId: 'account.settings.saved' });
  }, (failure) => settingsFailure(host, token, failure));

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
  const t = useT();
  const host = useHost();
  const id = useId();
  const locale = useAtomValue(localeAtom);
  const countries = useApiQuery(`countries:${locale}`, (signal) => fetchCountries(host.api, signal));
  const form = useForm({ country_id: profile.country ? String(profile.country.id) : '' }, { country_id: ['required'] });
  const error = selectError(id, errorText(form.errors.country_id, t));

  const { saving, submit } = useSettingsSubmit(form, async () => {
    const answer = await changeCountry(host.api, { country_id: Number(form.values.country_id) });
    onUser(answer.user);
    host.toast({ kind: 'success', messageId: 'account.settings.saved' });
  }, (failure) => settingsFailure(host, token, failure));

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
