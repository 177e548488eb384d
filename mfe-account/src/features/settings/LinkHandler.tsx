import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { ApiError, queryAtom, sessionAtom, signInAtom, signOutAtom, useHost } from '@tours/shared/core';
import { PASSWORD_MAX, PASSWORD_MIN, applyServerErrors } from '@tours/shared/api';
import { Button, useForm } from '@tours/shared/kit';
import { isSessionOver } from '../common/errors';
import { deviceFavourites } from '../common/favourites';
import { checkPasswordResetToken, confirmEmail, fetchProfile, resetPassword, signInByLink } from './api';
import { isLinkToken, linkFailure, linkOfQuery, urlWithoutLinks, type AccountLink, type LinkFailure, type LinkKind } from './links';
import { useT, type MessageId } from '../../i18n/t';
import { NewPasswordFields } from './PasswordFields';
import { useSettingsSubmit } from './useSettingsSubmit';

const TITLES: Readonly<Record<LinkKind, string>> = {
  'sign-in': 'account.link.signInTitle',
  'password-reset': 'account.link.resetTitle',
  'confirm-email': 'account.link.confirmTitle',
};

/**
 * The links the API e-mails to /account (accounts-and-comms §4, §7), handled at the top of the page, with or without
 * a session: `?one_time_token=` signs in, `?password_reset_token=` leads to a new password, `?confirm_email_token=`
 * confirms an address. The token leaves the URL at once (history replace), so a reload or a shared URL never spends
 * it again; the handler keeps it for its call (and its retry).
 */
export function LinkHandler({ onEmailConfirmed }: { onEmailConfirmed: () => void }) {
  const host = useHost();
  const query = useAtomValue(queryAtom);
  const found = linkOfQuery(query);
  const [link, setLink] = useState<AccountLink | null>(found);
  // A new link while the page is open (a later navigation) replaces the one shown.
  if (found && found.token !== link?.token) setLink(found);

  useEffect(() => {
    const now = host.store.get(queryAtom);
    if (link && linkOfQuery(now)) host.navigate(urlWithoutLinks(host.href('account'), now), { replace: true });
  }, [link, host]);

  const id = useId();
  const intl = useIntl();
  if (!link) return null;
  return (
    <section className="acc-settings__card acc-settings__link" aria-labelledby={id}>
      <h2 id={id} className="acc-settings__title">
        {intl.formatMessage({ id: TITLES[link.kind] })}
      </h2>
      {link.kind === 'sign-in' ? (
        <SignInLink key={link.token} token={link.token} />
      ) : link.kind === 'confirm-email' ? (
        <ConfirmEmailLink key={link.token} token={link.token} onConfirmed={onEmailConfirmed} />
      ) : (
        <PasswordResetLink key={link.token} token={link.token} />
      )}
    </section>
  );
}

type CallState<T> = { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; failure: LinkFailure };

/**
 * Runs a link's call once (a one-time token must not be spent twice, even when React runs effects twice in
 * development), and again on retry. A token that cannot be one is refused without a call.
 */
function useLinkCall<T>(token: string, call: () => Promise<T>, onDone?: (value: T) => void): { state: CallState<T>; retry: () => void } {
  const [state, setState] = useState<CallState<T>>(() => (isLinkToken(token) ? { status: 'pending' } : { status: 'failed', failure: { kind: 'invalid' } }));
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const latest = useRef({ call, onDone });
  latest.current = { call, onDone };
  useEffect(() => {
    if (!isLinkToken(token) || started.current === attempt) return;
    started.current = attempt;
    latest.current.call().then(
      (value) => {
        setState({ status: 'done', value });
        latest.current.onDone?.(value);
      },
      (error: unknown) => setState({ status: 'failed', failure: linkFailure(error) }),
    );
  }, [token, attempt]);
  const retry = () => {
    setState({ status: 'pending' });
    setAttempt((n) => n + 1);
  };
  return { state, retry };
}

/** What a link shows while its call runs, and when it failed: the API's words, the generic text, or Retry. */
function LinkStatus({ state, pendingId, retry }: { state: CallState<unknown>; pendingId: string; retry: () => void }) {
  const t = useT();
  if (state.status === 'pending') {
    return (
      <p className="acc-settings__notice" role="status" aria-busy="true">
        {t(pendingId as MessageId)}
      </p>
    );
  }
  if (state.status !== 'failed') return null;
  const { failure } = state;
  if (failure.kind === 'retry') {
    return (
      <div className="acc-settings__form" role="alert">
        <p>{t('common.requestFailed')}</p>
        <Button variant="secondary" onClick={retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p className="acc-settings__error" role="alert">
      {failure.kind === 'message' ? failure.text : t('account.link.invalid')}
    </p>
  );
}

function Done({ children }: { children: ReactNode }) {
  return (
    <p className="acc-settings__notice acc-settings__notice--success" role="status">
      {children}
    </p>
  );
}

/** ?one_time_token=: signs in; the device's favourites join the account's. */
function SignInLink({ token }: { token: string }) {
  const host = useHost();
  const intl = useIntl();
  const { state, retry } = useLinkCall(token, () => signInByLink(host.api, { token, favourites_tours_ids: deviceFavourites(host.store) }), (answer) => {
    host.store.set(signInAtom, { token: answer.token, profile: answer.profile, favourites: answer.favourites_tours_ids });
  });
  if (state.status === 'done') return <Done>{intl.formatMessage({ id: 'account.link.signedIn' })}</Done>;
  return <LinkStatus state={state} pendingId="account.link.signingIn" retry={retry} />;
}

/** ?confirm_email_token=: the address becomes the account's, confirmed (no session needed). */
function ConfirmEmailLink({ token, onConfirmed }: { token: string; onConfirmed: () => void }) {
  const host = useHost();
  const intl = useIntl();
  const { state, retry } = useLinkCall(token, () => confirmEmail(host.api, { token }), onConfirmed);
  if (state.status === 'done') return <Done>{intl.formatMessage({ id: 'account.email.confirmed' })}</Done>;
  return <LinkStatus state={state} pendingId="account.link.confirming" retry={retry} />;
}

/** ?password_reset_token=: is the link alive (check-password-reset-token), then the new password, then log in. */
function PasswordResetLink({ token }: { token: string }) {
  const host = useHost();
  const { state, retry } = useLinkCall(token, () => checkPasswordResetToken(host.api, { token }));
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  if (state.status !== 'done') return <LinkStatus state={state} pendingId="account.link.checking" retry={retry} />;
  if (!state.value.valid || failure) return <LinkStatus state={{ status: 'failed', failure: failure ?? { kind: 'invalid' } }} pendingId="" retry={retry} />;
  return <ResetForm token={token} onLinkFailed={setFailure} />;
}

type ResetValues = { password: string; confirm_password: string };

function ResetForm({ token, onLinkFailed }: { token: string; onLinkFailed: (failure: LinkFailure) => void }) {
  const host = useHost();
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const [done, setDone] = useState(false);
  const form = useForm<ResetValues>(
    { password: '', confirm_password: '' },
    {
      password: ['required', { rule: 'min', param: PASSWORD_MIN }, { rule: 'max', param: PASSWORD_MAX }],
      confirm_password: ['required', { rule: 'confirmed', param: 'password' }],
    },
  );

  const { saving, submit } = useSettingsSubmit(form, async () => {
    await resetPassword(host.api, { token, password: form.values.password, confirm_password: form.values.confirm_password });
    setDone(true);
    await endDeadSession();
  }, (error) => {
    // The link died meanwhile (used, expired): say so instead of the form; other refusals go on the fields.
    if (!(error instanceof ApiError && error.fieldErrors.token)) return applyServerErrors(error, host.toast);
    onLinkFailed(linkFailure(error));
    return null;
  });

  /** Every session of the account ended: if this device's was one of them, it ends here too (the page offers to log in). */
  const endDeadSession = async () => {
    const current = host.store.get(sessionAtom);
    if (!current) return;
    try {
      await fetchProfile(host.api);
    } catch (error) {
      if (isSessionOver(error) && host.store.get(sessionAtom)?.token === current.token) host.store.set(signOutAtom);
    }
  };

  if (done) {
    return (
      <div className="acc-settings__form">
        <Done>{t('account.link.passwordChanged')}</Done>
        {!session && <Button onClick={() => host.openModal('account/login', { reason: 'login-required' })}>{t('account.settings.signIn')}</Button>}
      </div>
    );
  }
  return (
    <form className="acc-settings__form" noValidate onSubmit={submit}>
      <NewPasswordFields form={form} />
      <Button type="submit" loading={saving}>
        {t('account.link.resetSubmit')}
      </Button>
    </form>
  );
}
