import { ApiError } from '@tours/shared/core';
import type { CodeSender, SendCodeAnswer } from '@tours/shared/api';
import { pastedCode, typedCode } from './code';
import { sendAnswer } from './test-fixtures';
import {
  codeSenderFor, defaultVerifyMethod, fieldErrorsFor, flowReducer, initialFlow, isBlankPhone, isFieldAnswer, loginOf, methodOfSetting,
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
    ['back returns to register and stops the countdown', [registered(), { type: 'back' }], { step: 'register', secondsLeft: 0, verifyMethod: null, methods: [] }],
    ['a tick on register does nothing', [...ticks(2)], { secondsLeft: 0 }],
    ['a resend after back does nothing', [registered(), { type: 'back' }, { type: 'resent', sender: 'sms', answer: sendAnswer() }], { step: 'register', secondsLeft: 0 }],
    ['the segment switches', [{ type: 'segment', segment: 'author' }], { segment: 'author', step: 'register' }],
    ['the toggle switches the field and is remembered', [{ type: 'toggleMethod' }], { method: 'email', methodChosen: true }],
    ['the site setting picks the field while untouched', [{ type: 'siteMethod', method: 'email' }], { method: 'email', methodChosen: false }],
    ['the site setting no longer decides after the toggle', [{ type: 'toggleMethod' }, { type: 'toggleMethod' }, { type: 'siteMethod', method: 'email' }], { method: 'phone' }],
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
    ['', true],
    ['+', true],
    ['+7', true],
    ['+49', true],
    ['+358', true],
    [' +1 ', true],
    ['+7 9', false],
    ['+79991234567', false],
    ['8999', false],
  ])('phone %p is blank: %p', (value, blank) => expect(isBlankPhone(value)).toBe(blank));

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

  test.each([
    [new ApiError(422, '/x', 'Wrong code'), true],
    [new ApiError(400, '/x', 'Code expired'), true],
    [new ApiError(422, '/x', 'Invalid', { code: 'Wrong code' }), false],
    [new ApiError(500, '/x', 'Internal'), false],
    [new ApiError(0, '/x', 'Network error'), false],
    [new ApiError(429, '/x', 'Too many requests'), false],
    [new Error('x'), false],
  ])('%p is about the field: %p', (error, expected) => expect(isFieldAnswer(error)).toBe(expected));
});

describe('code input (§5 Code input: digits only, length 5, paste only of exactly 5 digits)', () => {
  test.each([
    ['12345', '12345'],
    ['12a3', '123'],
    ['123456', '12345'],
    ['1 2-3', '123'],
    ['abc', ''],
    ['', ''],
  ])('typing %p leaves %p', (raw, kept) => expect(typedCode(raw)).toBe(kept));

  test.each([
    ['12345', '12345'],
    [' 12345\n', '12345'],
    ['1234', null],
    ['123456', null],
    ['12 345', null],
    ['12a45', null],
    ['', null],
  ])('pasting %p gives %p', (text, code) => expect(pastedCode(text)).toBe(code));

  test('another length', () => {
    expect(pastedCode('123456', 6)).toBe('123456');
    expect(typedCode('1234567', 6)).toBe('123456');
  });
});
