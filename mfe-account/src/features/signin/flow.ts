/**
 * The sign-in flow's rules (accounts-and-comms §2 'Login / sign-up modal', §4 'Sign-in flow', §5 'Login / sign-up
 * form', §9 'Sign-in'): a pure reducer over the segment, the step, the login field and the code step's channels and
 * countdown, and the small rules the screens apply. No React, no calls: SignInFlow.tsx wires them to the API.
 */
import { ApiError } from '@tours/shared/core';
import { AUTH_CODE_RESEND_SECONDS, type CodeSender, type SendCodeAnswer, type VerificationMethod } from '@tours/shared/api';
import { phoneToSend } from '@tours/shared/domain';

export type Segment = 'tourist' | 'author';
/**
 * 'password', 'recovery' and 'signup' are the secondary way in: a password, the link to set a new one, and an account
 * made with a password (register, issue 29: the API had it and no screen did).
 */
export type Step = 'register' | 'code' | 'password' | 'recovery' | 'signup';
/** Which field the register step shows. */
export type LoginMethod = 'phone' | 'email';

export interface FlowState {
  segment: Segment;
  step: Step;
  method: LoginMethod;
  /** The visitor used the toggle: the site setting no longer decides the field. */
  methodChosen: boolean;
  /** The login the code was sent for (what the code step signs in with). */
  login: string;
  /** The channels the server offered for the code. */
  methods: readonly VerificationMethod[];
  /** The channel the code went (or goes) through: auth-via-code's verify_method, send-auth-code's code_sender. */
  verifyMethod: CodeSender | null;
  maskedEmail: string | null;
  /** Seconds until the code may be sent again (§9: 60, ticking every second). */
  secondsLeft: number;
  /** Codes sent so far: a new one restarts the countdown's clock. */
  sends: number;
}

export type FlowAction =
  | { type: 'segment'; segment: Segment }
  /** main_auth_method of the site settings (they may arrive after the modal opened). */
  | { type: 'siteMethod'; method: LoginMethod }
  | { type: 'toggleMethod' }
  /** The answer of register-without-password for `login`, sent with `sender`. */
  | { type: 'registered'; login: string; sender: CodeSender; answer: SendCodeAnswer }
  /** The answer of send-auth-code (resend, or another channel chosen), sent with `sender`. */
  | { type: 'resent'; sender: CodeSender; answer: SendCodeAnswer }
  | { type: 'tick' }
  /** 'Log in with a password' on the register step. */
  | { type: 'usePassword' }
  /** 'Forgot your password?' on the password step. */
  | { type: 'forgotPassword' }
  /** 'Sign up with a password' on the password step. */
  | { type: 'signUp' }
  /** Continue with the login whose code was just sent (its countdown still runs): back to that code, none sent. */
  | { type: 'reopenCode' }
  /** Back or Cancel: recovery and signup → password, any other step → register. */
  | { type: 'back' };

export { MAX_FAVOURITES } from '../common/favourites';

/** §9: main_auth_method 1 phone (the default), 2 e-mail. */
export function methodOfSetting(mainAuthMethod: number | null | undefined): LoginMethod {
  return mainAuthMethod === 2 ? 'email' : 'phone';
}

export function initialFlow(mainAuthMethod?: number | null): FlowState {
  return {
    segment: 'tourist',
    step: 'register',
    method: methodOfSetting(mainAuthMethod),
    methodChosen: false,
    login: '',
    methods: [],
    verifyMethod: null,
    maskedEmail: null,
    secondsLeft: 0,
    sends: 0,
  };
}

/** The channel of the first code: the field's own (an SMS to a phone, a letter to an address). */
export function codeSenderFor(method: LoginMethod): CodeSender {
  return method === 'email' ? 'email' : 'sms';
}

/** The server's default channel, else its first, else the one the code was asked for. */
export function defaultVerifyMethod(methods: readonly VerificationMethod[], fallback: CodeSender): CodeSender {
  return methods.find((m) => m.is_default)?.type ?? methods[0]?.type ?? fallback;
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'segment':
      return state.segment === action.segment ? state : { ...state, segment: action.segment };
    case 'siteMethod':
      return state.methodChosen || state.step !== 'register' || state.method === action.method ? state : { ...state, method: action.method };
    case 'toggleMethod':
      return { ...state, method: state.method === 'phone' ? 'email' : 'phone', methodChosen: true };
    case 'registered': {
      // §4: the flow moves to 'code' only when registration answers is_registered.
      if (!action.answer.is_registered) return state;
      const sent = action.answer.is_verification_code_sent;
      return {
        ...state,
        step: 'code',
        login: action.login,
        methods: action.answer.verification_methods,
        verifyMethod: defaultVerifyMethod(action.answer.verification_methods, action.sender),
        maskedEmail: action.answer.masked_email,
        secondsLeft: sent ? AUTH_CODE_RESEND_SECONDS : 0,
        sends: sent ? state.sends + 1 : state.sends,
      };
    }
    case 'resent': {
      if (state.step !== 'code') return state;
      // §4: the countdown restarts only when the answer says a code was sent.
      const sent = action.answer.is_verification_code_sent;
      return {
        ...state,
        methods: action.answer.verification_methods.length ? action.answer.verification_methods : state.methods,
        verifyMethod: action.sender,
        maskedEmail: action.answer.masked_email ?? state.maskedEmail,
        secondsLeft: sent ? AUTH_CODE_RESEND_SECONDS : state.secondsLeft,
        sends: sent ? state.sends + 1 : state.sends,
      };
    }
    case 'tick':
      // The countdown of the last code runs on every step (Back does not reset it), so Continue cannot beat it.
      return state.secondsLeft > 0 ? { ...state, secondsLeft: state.secondsLeft - 1 } : state;
    case 'usePassword':
      return state.step === 'register' ? { ...state, step: 'password' } : state;
    case 'forgotPassword':
      return state.step === 'password' ? { ...state, step: 'recovery' } : state;
    case 'signUp':
      return state.step === 'password' ? { ...state, step: 'signup' } : state;
    case 'reopenCode':
      return state.step === 'register' && state.login && state.secondsLeft > 0 ? { ...state, step: 'code' } : state;
    case 'back':
      if (state.step === 'register') return state;
      if (state.step === 'recovery' || state.step === 'signup') return { ...state, step: 'password' };
      // From the code step: the code sent stays known with its countdown (issue 29: Back then Continue sent another
      // code inside the 60 s).
      return { ...state, step: 'register' };
    default:
      return state;
  }
}

/**
 * Whether Continue with `login` goes back to the code already sent rather than asking for another: the same login,
 * while the resend countdown of that code runs (§4/§9: 60 s between codes; the code itself lasts 10 minutes).
 */
export function codeStillRunning(state: Pick<FlowState, 'login' | 'secondsLeft'>, login: string): boolean {
  return state.login !== '' && state.login === login && state.secondsLeft > 0;
}

/** The register step's values: the two login fields (one shown at a time) and the terms checkbox. */
export type RegisterValues = {
  phone: string;
  email: string;
  terms: boolean;
};

/** §2: switching between phone and e-mail clears the other field (the one being left). */
export function switchLogin(values: RegisterValues, to: LoginMethod): RegisterValues {
  return to === 'email' ? { ...values, phone: '' } : { ...values, email: '' };
}

/** A phone as a login: '+' and its digits (spaces, dashes and brackets dropped); an address trimmed. */
export function loginOf(method: LoginMethod, values: RegisterValues): string {
  return method === 'email' ? values.email.trim() : phoneToSend(values.phone);
}

/** The visitor's UTC offset in whole hours (register-without-password's timezone: −12…14). */
export function utcOffsetHours(date: Date = new Date()): number {
  const hours = Math.round(-date.getTimezoneOffset() / 60);
  return Math.min(14, Math.max(-12, hours));
}

/**
 * §4/§8: a failed login whose answer has type 'redirect' and a url is followed. Only a web address or a path of
 * this site is followed (never `javascript:` or another scheme), so an answer cannot run code in the page.
 */
export function redirectTarget(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.data?.type !== 'redirect') return null;
  const url = error.data.url;
  if (typeof url !== 'string' || !url.trim()) return null;
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//') && !u.startsWith('/\\')) return u;
  return /^https?:\/\/[^\s/]/i.test(u) ? u : null;
}

/**
 * Server field errors onto the step's own field: on the register step the login field (phone or e-mail) gets its
 * own error, else send_error_reason (§8: why a code could not be sent), else login's; on the code step the code
 * field gets code, else send_error_reason, login or verify_method. The first one found wins.
 */
export function fieldErrorsFor(step: Step, method: LoginMethod, fieldErrors: Readonly<Record<string, string>>): Record<string, string> {
  const target = step === 'register' ? method : 'code';
  const sources = step === 'register' ? [method, 'send_error_reason', 'login'] : ['code', 'send_error_reason', 'login', 'verify_method'];
  const found = sources.map((f) => fieldErrors[f]).find((m): m is string => typeof m === 'string' && m !== '');
  return found ? { [target]: found } : {};
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The password form's login as the auth call takes it (AuthBody's Login: an e-mail, or '+' and at least 9 digits):
 * an address trimmed; a phone without its spaces, dashes and brackets, '+' added when only digits were typed.
 */
export function passwordLogin(value: string): string {
  const v = value.trim();
  if (v.includes('@')) return v;
  const compact = v.replace(/[\s()-]/g, '');
  return /^\d+$/.test(compact) ? `+${compact}` : compact;
}

/** Whether the password form's login can be one (an e-mail address or a phone with at least 9 digits). */
export function isLogin(value: string): boolean {
  const login = passwordLogin(value);
  return EMAIL_RE.test(login) || /^\+\d{9,}$/.test(login);
}
