import { useEffect, useId, useReducer, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, countryAtom, signInAtom, siteSettingsAtom, useHost } from '@tours/shared/core';
import type { SignedInAnswer } from '@tours/shared/api';
import { Button, useForm } from '@tours/shared/kit';
import { CodeStep } from './CodeStep';
import { RegisterStep } from './RegisterStep';
import { flowReducer, initialFlow, isBlankPhone, methodOfSetting, type RegisterValues, type Segment } from './flow';
import './signin.css';

/** The id of the modal's title (the parcel's labelId). */
export const LOGIN_TITLE_ID = 'account-login-title';
/** The organizer area's login (§1: {host}/org), opened in a new tab; the site has no route of its own for it. */
export const ORGANIZER_LOGIN_URL = '/org';

const SEGMENTS: readonly Segment[] = ['tourist', 'author'];

/**
 * The login / sign-up modal's content (accounts-and-comms §2): the title ('Log in or sign up'; 'Log in' with Back on
 * the code step), the segment control, the author segment's one link and the tourist's two steps. On success the
 * session goes into the store (signInAtom) and the modal closes with `{ signedIn: true }`.
 */
export function SignInFlow({ close }: { close: (result?: unknown) => void }) {
  const host = useHost();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const mainAuthMethod = useAtomValue(siteSettingsAtom).main_auth_method;
  const [state, dispatch] = useReducer(flowReducer, mainAuthMethod, initialFlow);
  const segmentName = useId();
  // The phone's country: the visitor's (by IP), else the configuration's default (§9: US in the base one).
  const defaultCountry = useAtomValue(appConfigAtom).uikit.defaultCountry;
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(() => visitorCountry || defaultCountry);
  const { method } = state;

  // The site settings may arrive after the modal opened: they pick the field until the visitor uses the toggle.
  useEffect(() => dispatch({ type: 'siteMethod', method: methodOfSetting(mainAuthMethod) }), [mainAuthMethod]);

  // §4/§9: the resend countdown ticks every second; a new code restarts its clock.
  const counting = state.step === 'code' && state.secondsLeft > 0;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [counting, state.sends]);

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

  const signedIn = (answer: SignedInAnswer) => {
    host.store.set(signInAtom, { token: answer.token, profile: answer.profile, favourites: answer.favourites_tours_ids });
    close({ signedIn: true });
  };

  const onCodeStep = state.step === 'code' && state.segment === 'tourist';
  return (
    <div className="acc-login">
      <div className="acc-login__head">
        {onCodeStep && (
          <Button variant="link" className="acc-login__back" onClick={() => dispatch({ type: 'back' })}>
            <span aria-hidden="true">← </span>
            {t('account.login.back')}
          </Button>
        )}
        <h2 id={LOGIN_TITLE_ID} className="acc-login__title">
          {t(onCodeStep ? 'account.login.codeTitle' : 'account.login.title')}
        </h2>
      </div>
      {!onCodeStep && (
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
          <a className="ui-btn ui-btn--primary ui-btn--block" href={ORGANIZER_LOGIN_URL} target="_blank" rel="noopener noreferrer">
            {t('account.login.expert')}
            <span className="visually-hidden"> {t('forms.opensInNewTab')}</span>
          </a>
        </div>
      ) : state.step === 'register' ? (
        <RegisterStep state={state} dispatch={dispatch} form={form} country={country} onCountryChange={setCountry} />
      ) : (
        <CodeStep state={state} dispatch={dispatch} onSignedIn={signedIn} />
      )}
    </div>
  );
}
