import { useState, type Dispatch, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { favouritesAtom, useHost } from '@tours/shared/core';
import { AUTH_CODE_LENGTH, applyServerErrors, onForm, type CodeSender, type SignedInAnswer } from '@tours/shared/api';
import { Button, errorText, useForm } from '@tours/shared/kit';
import { CodeField } from '../common/CodeField';
import { MethodChoice } from '../common/MethodChoice';
import { ResendButton } from '../common/ResendButton';
import { isFieldAnswer } from '../common/errors';
import { authViaCode, sendAuthCode } from './api';
import { MAX_FAVOURITES, codeSenderFor, fieldErrorsFor, redirectTarget, type FlowAction, type FlowState } from './flow';
import { useT } from '../../i18n/t';

/** Where the page goes on a redirect answer (a seam for tests: jsdom cannot navigate). */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * Step 'code' (§2, §4): the one-time code (digits only; a paste only when it is exactly 5 digits), the channels
 * the server offered (choosing another sends the code through it), resend with the countdown, Cancel back to the
 * register step. Submitting signs in by code; a wrong code shows on the field and the code typed stays.
 */
export function CodeStep({ state, dispatch, onSignedIn }: { state: FlowState; dispatch: Dispatch<FlowAction>; onSignedIn: (answer: SignedInAnswer) => void }) {
  const host = useHost();
  const t = useT();
  const favourites = useAtomValue(favouritesAtom);
  const form = useForm({ code: '' }, { code: ['required', { rule: 'min', param: AUTH_CODE_LENGTH }] }, { mode: 'passive' });
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState('');
  const sender: CodeSender = state.verifyMethod ?? codeSenderFor(state.method);

  /** The failure of a call on this step onto the code field (§5); only a general message is a toast, never the field's again. */
  const showError = (error: unknown) => {
    if (isFieldAnswer(error)) form.setServerErrors({ code: error.message });
    else applyServerErrors(error, host.toast, undefined, onForm(form, (fields) => fieldErrorsFor('code', state.method, fields)));
  };

  /** send-auth-code through `through` (resend, or another channel chosen). */
  const send = async (through: CodeSender) => {
    if (sending) return;
    setSending(true);
    setNotice('');
    try {
      const answer = await sendAuthCode(host.api, { login: state.login, code_sender: through });
      dispatch({ type: 'resent', sender: through, answer });
      if (answer.is_verification_code_sent) setNotice(t('account.code.sentAgain'));
      else form.setServerErrors({ code: answer.error || t('account.login.sendFailed') });
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || form.validate().length) return;
    setBusy(true);
    try {
      const answer = await authViaCode(host.api, { login: state.login, code: form.values.code, verify_method: sender, favourites_tours_ids: favourites.slice(0, MAX_FAVOURITES) });
      onSignedIn(answer);
    } catch (error) {
      // §4/§8: a failure of type 'redirect' with a url is followed rather than shown.
      const target = redirectTarget(error);
      if (target) browser.assign(target);
      else showError(error);
      setBusy(false);
    }
  };

  return (
    <form className="acc-login__form" noValidate onSubmit={submit}>
      <p className="acc-login__text">{t('account.code.sentTo', { destination: state.maskedEmail || state.login })}</p>
      <CodeField
        label={t('account.code.label')}
        autoFocus
        value={form.values.code}
        error={errorText(form.errors.code, t)}
        onChange={(code) => form.change('code', code)}
        onBlur={() => form.blur('code')}
      />
      <MethodChoice methods={state.methods} value={sender} disabled={sending} onChoose={(m) => void send(m)} />
      <ResendButton className="acc-login__resend" secondsLeft={state.secondsLeft} sending={sending} onResend={() => void send(sender)} />
      <p className="acc-login__status" role="status">
        {notice}
      </p>
      <Button type="submit" block loading={busy}>
        {t('account.code.submit')}
      </Button>
      <Button variant="secondary" block onClick={() => dispatch({ type: 'back' })}>
        {t('account.code.cancel')}
      </Button>
    </form>
  );
}
