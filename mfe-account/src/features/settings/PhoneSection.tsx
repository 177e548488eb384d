import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom, useHost } from '@tours/shared/core';
import { AUTH_CODE_LENGTH, type CodeSender, type UserProfile } from '@tours/shared/api';
import { Button, PhoneInput, errorText, useForm } from '@tours/shared/kit';
import { CodeField } from '../common/CodeField';
import { MethodChoice } from '../common/MethodChoice';
import { ResendButton, useCountdownTick } from '../common/ResendButton';
import { isFieldAnswer } from '../common/errors';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { changePhone, confirmPhone, fetchPhoneConfirmationMethods, sendConfirmationCode } from './api';
import { CONTACT_VIEW, contactReducer } from './contact-flow';
import { settingsFailure } from './session';
import { FormActions } from './FormActions';
import { useT } from '../../i18n/t';

export interface PhoneSectionProps {
  profile: UserProfile;
  token: string;
  /** Loads the profile again (a confirmed number becomes the account's); answers it, or null. */
  reload: () => Promise<UserProfile | null>;
}

/**
 * Section 'Phone': the number; change it → a code goes to the new number, the channels the server offers for it
 * (phone-confirmation-methods: choosing another sends a new code through it) → the code confirms it.
 */
export function PhoneSection({ profile, token, reload }: PhoneSectionProps) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const locale = useAtomValue(localeAtom);
  const defaultCountry = useAtomValue(appConfigAtom).uikit.defaultCountry;
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(() => profile.country?.iso_code || visitorCountry || defaultCountry);
  const [state, dispatch] = useReducer(contactReducer, CONTACT_VIEW);
  useCountdownTick(state.step === 'code' && state.secondsLeft > 0, state.step === 'code' ? state.sends : 0, () => dispatch({ type: 'tick' }));
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const phoneForm = useForm({ phone: '' }, { phone: [(v) => !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' }, 'phone'] });
  const codeForm = useForm({ code: '' }, { code: ['required', { rule: 'min', param: AUTH_CODE_LENGTH }] });

  const changeButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (state.step !== 'view') opened.current = true;
    else if (opened.current) changeButton.current?.focus();
  }, [state.step]);

  const fail = (error: unknown, form: { setServerErrors: (f: Record<string, string>) => unknown }, field: string) => {
    // A refusal without a field (409: the number belongs to another account) belongs on the form's field.
    if (isFieldAnswer(error) && error.status !== 401) form.setServerErrors({ [field]: error.message });
    else form.setServerErrors(settingsFailure(host, token, error));
  };

  const submitPhone = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || phoneForm.validate().length) return;
    const phone = phoneToSend(phoneForm.values.phone);
    setSending(true);
    setNotice('');
    try {
      await changePhone(host.api, { phone });
      codeForm.change('code', '');
      dispatch({ type: 'codeSent', destination: phone, resend: 'change' });
      setNotice(t('account.phone.codeSent', { phone }));
    } catch (error) {
      fail(error, phoneForm, 'phone');
      setSending(false);
      return;
    }
    // The channels for the number's code; the code already went by the server's default one.
    try {
      const answer = await fetchPhoneConfirmationMethods(host.api);
      dispatch({ type: 'methods', methods: answer.verification_methods, destination: answer.phone });
    } catch (error) {
      settingsFailure(host, token, error);
    } finally {
      setSending(false);
    }
  };

  /** send-confirmation-code: the code again, or through another channel. */
  const resend = async (sender: CodeSender | null) => {
    if (sending) return;
    setSending(true);
    setNotice('');
    try {
      await sendConfirmationCode(host.api, sender ? { code_sender: sender } : {});
      // Either way the countdown starts again.
      if (sender) dispatch({ type: 'channel', sender });
      else if (state.step === 'code') dispatch({ type: 'codeSent', destination: state.destination, resend: state.resend });
      setNotice(t('account.code.sentAgain'));
    } catch (error) {
      fail(error, codeForm, 'code');
    } finally {
      setSending(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || codeForm.validate().length) return;
    setConfirming(true);
    try {
      await confirmPhone(host.api, { code: codeForm.values.code });
      dispatch({ type: 'confirmed' });
      phoneForm.change('phone', '');
      setNotice(t('account.phone.confirmed'));
      await reload();
    } catch (error) {
      fail(error, codeForm, 'code');
    } finally {
      setConfirming(false);
    }
  };

  const cancel = () => {
    setNotice('');
    dispatch({ type: 'cancel' });
  };

  return (
    <section className="acc-settings__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="acc-settings__title">
        {t('account.phone.title')}
      </h2>
      <p className="acc-settings__value">
        {profile.phone ?? t('account.phone.none')}
        {profile.phone && (
          <span className={`acc-settings__badge acc-settings__badge--${profile.is_phone_confirmed ? 'confirmed' : 'unconfirmed'}`}>
            {t(`account.contact.state.${profile.is_phone_confirmed ? 'confirmed' : 'unconfirmed'}`)}
          </span>
        )}
      </p>
      {notice && (
        <p className="acc-settings__notice" role="status">
          {notice}
        </p>
      )}
      {state.step === 'view' && (
        <div className="acc-settings__actions">
          <Button ref={changeButton} variant="secondary" onClick={() => dispatch({ type: 'edit' })}>
            {t(profile.phone ? 'account.phone.change' : 'account.phone.add')}
          </Button>
        </div>
      )}
      {state.step === 'edit' && (
        <form className="acc-settings__form" noValidate aria-label={t(profile.phone ? 'account.phone.change' : 'account.phone.add')} onSubmit={submitPhone}>
          <PhoneInput
            name="phone"
            label={t('account.phone.new')}
            value={phoneForm.values.phone}
            onChange={(v: string) => phoneForm.change('phone', v)}
            onBlur={() => phoneForm.blur('phone')}
            country={country}
            onCountryChange={setCountry}
            locale={locale}
            t={t}
            error={errorText(phoneForm.errors.phone, t)}
            required
          />
          <FormActions submitId="account.contact.sendCode" loading={sending} onCancel={cancel} />
        </form>
      )}
      {state.step === 'code' && (
        <form className="acc-settings__form" noValidate aria-label={t('account.contact.codeForm')} onSubmit={submitCode}>
          <CodeField
            label={t('account.code.label')}
            autoFocus
            value={codeForm.values.code}
            error={errorText(codeForm.errors.code, t)}
            onChange={(code) => codeForm.change('code', code)}
            onBlur={() => codeForm.blur('code')}
          />
          {state.sender && <MethodChoice methods={state.methods} value={state.sender} disabled={sending} onChoose={(m) => void resend(m)} />}
          <ResendButton className="acc-settings__resend" secondsLeft={state.secondsLeft} sending={sending} onResend={() => void resend(state.sender)} />
          <FormActions submitId="account.contact.confirm" loading={confirming} onCancel={cancel} />
        </form>
      )}
    </section>
  );
}
