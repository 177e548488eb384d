import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom } from '@tours/shared/core';
import type { CodeSender, UserProfile } from '@tours/shared/api';
import { PhoneInput, errorText, useForm } from '@tours/shared/kit';
import { MethodChoice } from '../common/MethodChoice';
import { ResendButton } from '../common/ResendButton';
import { isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { changePhone, confirmPhone, fetchPhoneConfirmationMethods, sendConfirmationCode } from './api';
import { settingsFailure } from './session';
import { ContactCard, useContactFlow } from './ContactCard';
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
  const flow = useContactFlow(token);
  const { host, state, dispatch, setNotice, sending, setSending, codeForm, fail } = flow;
  const locale = useAtomValue(localeAtom);
  const defaultCountry = useAtomValue(appConfigAtom).uikit.defaultCountry;
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(() => profile.country?.iso_code || visitorCountry || defaultCountry);
  const phoneForm = useForm({ phone: '' }, { phone: [(v) => !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' }, 'phone'] });

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

  const submitCode = flow.submitCode(
    (code) => confirmPhone(host.api, { code }),
    async () => {
      phoneForm.change('phone', '');
      setNotice(t('account.phone.confirmed'));
      await reload();
    },
  );

  const confirmed = profile.is_phone_confirmed ? 'confirmed' : 'unconfirmed';
  return (
    <ContactCard
      flow={flow}
      title={t('account.phone.title')}
      value={
        <>
          {profile.phone ?? t('account.phone.none')}
          {profile.phone && <span className={`acc-settings__badge acc-settings__badge--${confirmed}`}>{t(`account.contact.state.${confirmed}`)}</span>}
        </>
      }
      changeId={profile.phone ? 'account.phone.change' : 'account.phone.add'}
      field={
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
      }
      onSubmitValue={submitPhone}
      resend={
        state.step === 'code' && (
          <>
            {state.sender && <MethodChoice methods={state.methods} value={state.sender} disabled={sending} onChoose={(m) => void resend(m)} />}
            <ResendButton className="acc-settings__resend" secondsLeft={state.secondsLeft} sending={sending} onResend={() => void resend(state.sender)} />
          </>
        )
      }
      onSubmitCode={submitCode}
    />
  );
}
