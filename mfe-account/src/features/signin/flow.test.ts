import { ApiError } from '@tours/shared/core';
import type { CodeSender, SendCodeAnswer } from '@tours/shared/api';
import { sendAnswer } from './test-fixtures';
import {
  codeSenderFor, codeStillRunning, defaultVerifyMethod, fieldErrorsFor, flowReducer, initialFlow, isLogin, loginOf, methodOfSetting, passwordLogin,
  redirectTarget, switchLogin, utcOffsetHours, type FlowAction, type FlowState,
} from './flow';

const run = (actions: FlowAction[], from: FlowState = initialFlow()): FlowState => actions.reduce(flowReducer, from);
const registered = (over: Partial<SendCodeAnswer> = {}, sender: CodeSender = 'sms'): FlowAction => ({ type: 'registered', login: '+79991234567', sender, answer: sendAnswer(over) });
const ticks = (n: number): FlowAction[] => Array.from({ length: n }, () => ({ type: 'tick' }) as const);

describe('sign-in flow (accounts-and-comms §4 Sign-in flow, §9)', () => {
  test.each([
    [1, 'phone'],
    [2, 'email'],
    [null, 'phone'],
    [undefined, 'phone'],
    [3, 'phone'],
  ] as const)('main_auth_method %p starts with the %s field', (setting, method) => {
    expect(methodOfSetting(setting)).toBe(method);
    expect(initialFlow(setting)).toMatchObject({ step: 'register', segment: 'tourist', method, secondsLeft: 0 });
  });

  test.each<[string, FlowAction[], Partial<FlowState>]>([
    ['starts on register', [], { step: 'register', secondsLeft: 0 }],
    ['is_registered → code, the countdown at 60, the default channel', [registered()], { step: 'code', login: '+79991234567', secondsLeft: 60, verifyMethod: 'sms', sends: 1 }],
    ['not registered → stays on register', [registered({ is_registered: false, error: 'Too many attempts' })], { step: 'register', secondsLeft: 0, sends: 0 }],
    ['registered, no code sent → code step, no countdown', [registered({ is_verification_code_sent: false })], { step: 'code', secondsLeft: 0, sends: 0 }],
    ['the server default channel wins over the asked one', [registered({ verification_methods: [{ type: 'sms', is_default: false }, { type: 'whatsapp', is_default: true }] })], { verifyMethod: 'whatsapp' }],
    ['no channels offered → the asked one', [registered({ verification_methods: [] }, 'email')], { verifyMethod: 'email' }],
    ['masked e-mail kept for the hint', [registered({ masked_email: 'a***@example.com' })], { maskedEmail: 'a***@example.com' }],
    ['ticks every second', [registered(), ...ticks(3)], { secondsLeft: 57 }],
    ['stops at 0', [registered(), ...ticks(65)], { secondsLeft: 0 }],
    ['a resend that sent restarts at 60', [registered(), ...ticks(60), { type: 'resent', sender: 'sms', answer: sendAnswer() }], { secondsLeft: 60, sends: 2 }],
    ['a resend that did not send keeps the countdown', [registered(), ...ticks(10), { type: 'resent', sender: 'sms', answer: sendAnswer({ is_verification_code_sent: false }) }], { secondsLeft: 50, sends: 1 }],
    ['another channel chosen becomes the verify method', [registered(), { type: 'resent', sender: 'telegram', answer: sendAnswer() }], { verifyMethod: 'telegram' }],
    // Issue 29: Back then Continue had sent another code inside the 60 s: the code sent and its countdown are kept.
    ['back returns to register; the code sent and its countdown run on', [registered(), ...ticks(10), { type: 'back' }, ...ticks(5)], { step: 'register', login: '+79991234567', secondsLeft: 45, verifyMethod: 'sms', sends: 1 }],
    ['Continue inside the countdown reopens that code step', [registered(), { type: 'back' }, ...ticks(20), { type: 'reopenCode' }], { step: 'code', secondsLeft: 40, sends: 1 }],
    ['no reopening once the countdown ran out', [registered(), { type: 'back' }, ...ticks(60), { type: 'reopenCode' }], { step: 'register', secondsLeft: 0 }],
    ['no reopening without a code sent', [{ type: 'reopenCode' }], { step: 'register' }],
    ['a tick with no countdown does nothing', [...ticks(2)], { secondsLeft: 0 }],
    ['a resend after back does nothing', [registered(), { type: 'back' }, { type: 'resent', sender: 'sms', answer: sendAnswer() }], { step: 'register', secondsLeft: 60, sends: 1 }],
    ['the segment switches', [{ type: 'segment', segment: 'author' }], { segment: 'author', step: 'register' }],
    ['the toggle switches the field and is remembered', [{ type: 'toggleMethod' }], { method: 'email', methodChosen: true }],
    ['the site setting picks the field while untouched', [{ type: 'siteMethod', method: 'email' }], { method: 'email', methodChosen: false }],
    ['the site setting no longer decides after the toggle', [{ type: 'toggleMethod' }, { type: 'toggleMethod' }, { type: 'siteMethod', method: 'email' }], { method: 'phone' }],
    ['"Log in with a password" → password', [{ type: 'usePassword' }], { step: 'password' }],
    ['"Forgot your password?" → recovery', [{ type: 'usePassword' }, { type: 'forgotPassword' }], { step: 'recovery' }],
    ['back from recovery → password', [{ type: 'usePassword' }, { type: 'forgotPassword' }, { type: 'back' }], { step: 'password' }],
    ['back from password → register', [{ type: 'usePassword' }, { type: 'back' }], { step: 'register' }],
    ['"Sign up with a password" → signup', [{ type: 'usePassword' }, { type: 'signUp' }], { step: 'signup' }],
    ['back from signup → password', [{ type: 'usePassword' }, { type: 'signUp' }, { type: 'back' }], { step: 'password' }],
    ['signup only from the password step', [{ type: 'signUp' }], { step: 'register' }],
    ['recovery only from the password step', [{ type: 'forgotPassword' }], { step: 'register' }],
    ['the password step only from register', [registered(), { type: 'usePassword' }], { step: 'code' }],
    ['the site setting does not move the field on the password step', [{ type: 'usePassword' }, { type: 'siteMethod', method: 'email' }], { method: 'phone', step: 'password' }],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions)).toMatchObject(expected);
  });

  test.each([
    ['phone', 'sms'],
    ['email', 'email'],
  ] as const)('the first code of a %s goes by %s', (method, sender) => expect(codeSenderFor(method)).toBe(sender));

  test('the default verification method', () => {
    expect(defaultVerifyMethod([{ type: 'vk', is_default: false }, { type: 'sms', is_default: true }], 'email')).toBe('sms');
    expect(defaultVerifyMethod([{ type: 'vk', is_default: false }], 'email')).toBe('vk');
    expect(defaultVerifyMethod([], 'email')).toBe('email');
  });
});

describe('login fields (§2 toggle, §5 Login / sign-up form)', () => {
  const values = { phone: '+7 999 123-45-67', email: 'anna@example.com', terms: true };
  test.each([
    ['email', { phone: '', email: 'anna@example.com', terms: true }],
    ['phone', { phone: '+7 999 123-45-67', email: '', terms: true }],
  ] as const)('switching to %s clears the other field and keeps the rest', (to, expected) => {
    expect(switchLogin(values, to)).toEqual(expected);
  });

  test.each([
    ['phone', { phone: '+7 (999) 123-45-67', email: '', terms: true }, '+79991234567'],
    ['phone', { phone: '', email: '', terms: true }, ''],
    ['email', { phone: '', email: '  anna@example.com ', terms: true }, 'anna@example.com'],
  ] as const)('the %s login of %p is %p', (method, v, login) => expect(loginOf(method, v)).toBe(login));

  test('the UTC offset is whole hours within −12…14', () => {
    const at = (minutes: number) => ({ getTimezoneOffset: () => minutes }) as Date;
    expect(utcOffsetHours(at(-180))).toBe(3);
    expect(utcOffsetHours(at(300))).toBe(-5);
    expect(utcOffsetHours(at(-330))).toBe(6); // India, +5:30, rounds
    expect(utcOffsetHours(at(-900))).toBe(14);
    expect(utcOffsetHours(at(780))).toBe(-12);
    expect(Number.isInteger(utcOffsetHours())).toBe(true);
  });
});

describe('server answers of the flow (§5 Server-side errors, §8 Sign-in)', () => {
  const redirect = (url: unknown) => new ApiError(403, '/crm/api/user/auth-via-code', 'Redirect', {}, { type: 'redirect', url });
  test.each([
    [redirect('https://org.example.com/login'), 'https://org.example.com/login'],
    [redirect('/en/account'), '/en/account'],
    [redirect('javascript:alert(1)'), null],
    [redirect('//evil.example.com'), null],
    [redirect('/\\evil.example.com'), null],
    [redirect(''), null],
    [redirect(5), null],
    [new ApiError(403, '/x', 'Forbidden', {}, { type: 'other', url: '/en' }), null],
    [new Error('plain'), null],
  ])('redirect of %p → %p', (error, target) => expect(redirectTarget(error)).toBe(target));

  test.each([
    ['register', 'phone', { send_error_reason: 'SMS provider down' }, { phone: 'SMS provider down' }],
    ['register', 'email', { email: 'Please enter a valid e-mail', send_error_reason: 'x' }, { email: 'Please enter a valid e-mail' }],
    ['register', 'email', { login: 'Unknown login' }, { email: 'Unknown login' }],
    ['register', 'phone', { email: 'not this one' }, {}],
    ['code', 'phone', { code: 'Wrong code' }, { code: 'Wrong code' }],
    ['code', 'phone', { send_error_reason: 'Try later' }, { code: 'Try later' }],
    ['code', 'email', {}, {}],
  ] as const)('%s step, %s field: %p → %p', (step, method, fields, expected) => expect(fieldErrorsFor(step, method, fields)).toEqual(expected));
});

describe('the password form\'s login (AuthBody: an e-mail, or + and at least 9 digits)', () => {
  test.each([
    [' anna@example.com ', 'anna@example.com', true],
    ['+7 (999) 123-45-67', '+79991234567', true],
    ['79991234567', '+79991234567', true],
    ['+49 30 1234567', '+49301234567', true],
    ['+7 999', '+7999', false],
    ['anna@', 'anna@', false],
    ['anna', 'anna', false],
    ['', '', false],
  ])('%p → %p (a login: %p)', (typed, login, valid) => {
    expect(passwordLogin(typed)).toBe(login);
    expect(isLogin(typed)).toBe(valid);
  });
});

describe('Continue after Back: the code already sent, not another (issue 29)', () => {
  test.each<[string, { login: string; secondsLeft: number }, string, boolean]>([
    ['the same login inside the countdown', { login: '+79991234567', secondsLeft: 12 }, '+79991234567', true],
    ['another login', { login: '+79991234567', secondsLeft: 12 }, '+79991234568', false],
    ['the countdown over', { login: '+79991234567', secondsLeft: 0 }, '+79991234567', false],
    ['no code sent yet', { login: '', secondsLeft: 0 }, '', false],
  ])('%s', (_name, state, login, expected) => expect(codeStillRunning(state, login)).toBe(expected));
});
