import { useEffect, useId, useReducer, useState } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, favouritesAtom, localeAtom, signInAtom, siteSettingsAtom, useHost } from '@tours/shared/core';
import { withLocale } from '@tours/shared/contract';
import { PASSWORD_MAX, type SignedInAnswer } from '@tours/shared/api';
import { Button, useForm } from '@tours/shared/kit';
import { useCountdownTick } from '../common/ResendButton';
import { isBlankPhone } from '@tours/shared/domain';
import { CodeStep } from './CodeStep';
import { PasswordStep, type PasswordValues } from './PasswordStep';
import { RecoveryStep } from './RecoveryStep';
import { RegisterStep } from './RegisterStep';
import { SignUpStep } from './SignUpStep';
import { flowReducer, initialFlow, isLogin, loginOf, methodOfSetting, passwordLogin, type RegisterValues, type Segment, type Step } from './flow';
import './signin.css';
import { useT, type MessageId } from '../../i18n/t';

/** The id of the modal's title (the parcel's labelId). */
export const LOGIN_TITLE_ID = 'account-login-title';
/**
 * The organizer area's login (§1: {host}/org), opened in a new tab in the visitor's locale (/en/org): the host server
 * sends it on to ORGANIZER_AREA_URL, or to the organizers' page of the site when none is set (issue 29: the unprefixed
 * /org led to a Chinese 404).
 */
const ORGANIZER_LOGIN_URL = '/org';

const SEGMENTS: readonly Segment[] = ['tourist', 'author'];
const TITLES: Readonly<Record<Step, MessageId>> = {
  register: 'account.login.title',
  code: 'account.login.codeTitle',
  password: 'account.password.title',
  recovery: 'account.recovery.title',
  signup: 'account.signup.title',
};

/**
 * The login / sign-up modal's content (accounts-and-comms §2): the title ('Log in or sign up'; 'Log in' with Back on
 * the code step), the segment control, the author segment's one link and the tourist's two steps; the secondary
 * way in, a password (and its recovery, and an account made with one: 'Sign up with a password'), behind 'Log in with
 * a password'. On success the session goes into the
 * store (signInAtom) and the modal closes with `{ signedIn: true }`.
 */
export function SignInFlow({ close }: { close: (result?: unknown) => void }) {
  const host = useHost();
  const t = useT();
  const mainAuthMethod = useAtomValue(siteSettingsAtom).main_auth_method;
  const locale = useAtomValue(localeAtom);
  const [state, dispatch] = useReducer(flowReducer, mainAuthMethod, initialFlow);
  const segmentName = useId();
  // The phone's country: the visitor's (by IP), else the configuration's default (§9: US in the base one).
  const defaultCountry = useAtomValue(appConfigAtom).uikit.defaultCountry;
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(() => visitorCountry || defaultCountry);
  const { method } = state;

  // The site settings may arrive after the modal opened: they pick the field until the visitor uses the toggle.
  useEffect(() => dispatch({ type: 'siteMethod', method: methodOfSetting(mainAuthMethod) }), [mainAuthMethod]);

  // §4/§9: the resend countdown ticks every second, on any step (Back keeps the code sent); a new code restarts its clock.
  useCountdownTick(state.secondsLeft > 0, state.sends, () => dispatch({ type: 'tick' }));

  // §5: passive validation (only on submit); the field not shown has no rules.
  const form = useForm<RegisterValues>(
    { phone: '', email: '', terms: false },
    {
      phone: method === 'phone' ? [(v) => !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' }, 'phone'] : [],
      email: method === 'email' ? ['required', 'email'] : [],
      terms: ['required'],
    },
    { mode: 'passive' },
  );

  // The password form lives here too, so Back from the recovery step finds it as it was.
  const passwordForm = useForm<PasswordValues>(
    { login: '', password: '' },
    {
      login: ['required', (v) => isLogin(String(v ?? '')) || { id: 'account.password.loginInvalid' }],
      password: ['required', { rule: 'max', param: PASSWORD_MAX }],
    },
    { mode: 'passive' },
  );

  /** 'Log in with a password': the login typed on the register step comes along. */
  const openPasswordStep = () => {
    const typed = method === 'phone' && isBlankPhone(form.values.phone) ? '' : loginOf(method, form.values);
    if (typed && !passwordForm.values.login) passwordForm.change('login', typed);
    dispatch({ type: 'usePassword' });
  };

  /**
   * The session into the store. A code sign-in sent the device's favourites, so the answer lists them all; the
   * password call takes none, so the device's stay next to the account's.
   */
  const signedIn = (answer: SignedInAnswer, keepDeviceFavourites = false) => {
    const favourites = keepDeviceFavourites ? [...answer.favourites_tours_ids, ...host.store.get(favouritesAtom)] : answer.favourites_tours_ids;
    host.store.set(signInAtom, { token: answer.token, profile: answer.profile, favourites });
    close({ signedIn: true });
  };

  const inner = state.step !== 'register' && state.segment === 'tourist';
  const recoveryEmail = passwordLogin(passwordForm.values.login).includes('@') ? passwordLogin(passwordForm.values.login) : '';
  return (
    <div className="acc-login">
      <div className="acc-login__head">
        {inner && (
          <Button variant="link" className="acc-login__back" onClick={() => dispatch({ type: 'back' })}>
            <span aria-hidden="true">← </span>
            {t('account.login.back')}
          </Button>
        )}
        <h2 id={LOGIN_TITLE_ID} className="acc-login__title">
          {t(inner ? TITLES[state.step] : TITLES.register)}
        </h2>
      </div>
      {!inner && (
        <div className="acc-segments" role="radiogroup" aria-label={t('account.login.segments')}>
          {SEGMENTS.map((s) => (
            <label key={s} className={`acc-segments__item${state.segment === s ? ' acc-segments__item--active' : ''}`}>
              <input type="radio" className="acc-segments__radio" name={segmentName} value={s} checked={state.segment === s} onChange={() => dispatch({ type: 'segment', segment: s })} />
              {t(`account.login.${s}`)}
            </label>
          ))}
        </div>
      )}
      {state.segment === 'author' ? (
        <div className="acc-login__form">
          <a className="ui-btn ui-btn--primary ui-btn--block" href={withLocale(ORGANIZER_LOGIN_URL, locale)} target="_blank" rel="noopener noreferrer">
            {t('account.login.expert')}
            <span className="visually-hidden"> {t('forms.opensInNewTab')}</span>
          </a>
        </div>
      ) : state.step === 'register' ? (
        <RegisterStep state={state} dispatch={dispatch} form={form} country={country} onCountryChange={setCountry} onUsePassword={openPasswordStep} />
      ) : state.step === 'code' ? (
        <CodeStep state={state} dispatch={dispatch} onSignedIn={signedIn} />
      ) : state.step === 'password' ? (
        <PasswordStep form={passwordForm} dispatch={dispatch} onSignedIn={(answer) => signedIn(answer, true)} />
      ) : state.step === 'signup' ? (
        // register took the device's favourites: the answer lists them all.
        <SignUpStep country={country} onCountryChange={setCountry} onSignedIn={(answer) => signedIn(answer)} />
      ) : (
        <RecoveryStep initialEmail={recoveryEmail} dispatch={dispatch} />
      )}
    </div>
  );
}
