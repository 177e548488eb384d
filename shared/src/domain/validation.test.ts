import { DEFAULT_FIELD_MODE, fieldEvent, INCORRECT_VALUE_ID, isEmptyValue, parseThemeColor, validateForm, validateValue, type FieldMode, type FieldTrigger, type RuleSpec } from './validation';

describe('§5.1 generic rules', () => {
  const cases: [string, unknown, RuleSpec[], Record<string, unknown>, string | null, Record<string, number>?][] = [
    // required: empty, false or an empty object fails
    ['required: text', 'Anna', ['required'], {}, null],
    ['required: empty string', '', ['required'], {}, 'forms.validation.required'],
    ['required: spaces only', '   ', ['required'], {}, 'forms.validation.required'],
    ['required: false', false, ['required'], {}, 'forms.validation.required'],
    ['required: true', true, ['required'], {}, null],
    ['required: empty object', {}, ['required'], {}, 'forms.validation.required'],
    ['required: object', { id: 1 }, ['required'], {}, null],
    ['required: null', null, ['required'], {}, 'forms.validation.required'],
    ['required: zero', 0, ['required'], {}, null],
    // email: an empty value passes
    ['email: valid', 'anna@example.com', ['email'], {}, null],
    ['email: empty passes', '', ['email'], {}, null],
    ['email: no domain', 'anna@', ['email'], {}, 'forms.validation.email'],
    ['email: spaces', 'an na@example.com', ['email'], {}, 'forms.validation.email'],
    // confirmed: equal to the target field
    ['confirmed: equal', 'secret1', [{ rule: 'confirmed', param: 'password' }], { password: 'secret1' }, null],
    ['confirmed: different', 'secret2', [{ rule: 'confirmed', param: 'password' }], { password: 'secret1' }, 'forms.validation.confirmed'],
    // min / max length
    ['min: long enough', 'abc', [{ rule: 'min', param: 3 }], {}, null],
    ['min: too short', 'ab', [{ rule: 'min', param: 3 }], {}, 'forms.validation.min', { length: 3 }],
    ['max: short enough', 'abc', [{ rule: 'max', param: 3 }], {}, null],
    ['max: too long', 'abcd', [{ rule: 'max', param: 3 }], {}, 'forms.validation.max', { length: 3 }],
    // min_value / max_value (and their camelCase spellings)
    ['min_value: at minimum', '1', [{ rule: 'min_value', param: 1 }], {}, null],
    ['min_value: below', 0, [{ rule: 'min_value', param: 1 }], {}, 'forms.validation.minValue', { min: 1 }],
    ['minValue alias', 0, [{ rule: 'minValue', param: 1 }], {}, 'forms.validation.minValue', { min: 1 }],
    ['max_value: above', 11, [{ rule: 'max_value', param: 10 }], {}, 'forms.validation.maxValue', { max: 10 }],
    ['maxValue alias: within', 10, [{ rule: 'maxValue', param: 10 }], {}, null],
    ['min_value: not a number', 'abc', [{ rule: 'min_value', param: 1 }], {}, 'forms.validation.minValue', { min: 1 }],
    // phone: '+' and at least 9 digits, as a string
    ['phone: +7 and 10 digits', '+79161234567', ['phone'], {}, null],
    ['phone: with spaces and brackets', '+7 (916) 123-45-67', ['phone'], {}, null],
    ['phone: exactly 9 digits', '+123456789', ['phone'], {}, null],
    ['phone: 8 digits', '+12345678', ['phone'], {}, 'forms.validation.phone'],
    ['phone: no plus', '89161234567', ['phone'], {}, 'forms.validation.phone'],
    ['phone: a number, not a string', 79161234567, ['phone'], {}, 'forms.validation.phone'],
    ['phone: empty passes', '', ['phone'], {}, null],
    // url
    ['url: https', 'https://example.com/path?q=1', ['url'], {}, null],
    ['url: bare domain', 'example.org', ['url'], {}, null],
    ['url: not a url', 'not a url', ['url'], {}, 'forms.validation.url'],
    // order: the first failing rule wins
    ['required before phone', '', ['required', 'phone'], {}, 'forms.validation.required'],
    // a rule without a message of its own
    ['custom rule returning false', 'x', [() => false], {}, INCORRECT_VALUE_ID],
    ['unknown rule', 'x', [{ rule: 'nonsense' as never }], {}, INCORRECT_VALUE_ID],
  ];
  test.each(cases.map(([name, value, rules, values, id, params]) => ({ name, value, rules, values, id, params })))('$name', ({ value, rules, values, id: expectedId, params: expectedValues }) => {
    const result = validateValue(value, rules, { values });
    expect(result?.id ?? null).toBe(expectedId);
    if (expectedValues) expect(result?.values).toEqual(expectedValues);
  });

  test('a custom message set on the field overrides the rule message', () => {
    expect(validateValue('', ['required'], { message: 'Tell us your name' })).toEqual({ id: 'forms.validation.required', text: 'Tell us your name' });
    expect(validateValue('x', [{ rule: 'min', param: 3, message: 'Too short' }])).toEqual({ id: 'forms.validation.min', text: 'Too short' });
    expect(validateValue('x', [() => 'Pick a date'])).toEqual({ id: INCORRECT_VALUE_ID, text: 'Pick a date' });
  });

  test.each([
    ['', true], ['  ', true], [false, true], [{}, true], [[], true], [null, true], [undefined, true],
    ['a', false], [0, false], [true, false], [{ a: 1 }, false], [[1], false],
  ])('isEmptyValue(%p) → %p', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});

describe('validateForm', () => {
  test('returns the failing fields, logs and skips a field without a name (§8)', () => {
    const log = { error: jest.fn() };
    const errors = validateForm({ name: '', phone: '+79161234567', '': 'x' }, { name: { rules: ['required'] }, phone: { rules: ['required', 'phone'] }, '': { rules: ['required'] } }, log);
    expect(errors).toEqual({ name: { id: 'forms.validation.required' } });
    expect(log.error).toHaveBeenCalledWith('Validation field without a name');
  });
});

describe('§4.13 validation field modes', () => {
  test('eager is the default', () => {
    expect(DEFAULT_FIELD_MODE).toBe('eager');
  });

  test.each<[FieldMode, FieldTrigger, boolean, boolean, boolean]>([
    // mode, trigger, error shown, → validate, → reset first
    ['eager', 'blur', false, true, true],
    ['eager', 'blur', true, true, true],
    ['eager', 'input', false, false, false],
    ['eager', 'input', true, true, false],
    ['eager', 'submit', false, true, false],
    ['lazy', 'blur', false, false, false],
    ['lazy', 'blur', true, false, false],
    ['lazy', 'input', false, false, false],
    ['lazy', 'input', true, true, false],
    ['lazy', 'submit', false, true, false],
    ['aggressive', 'input', false, true, false],
    ['aggressive', 'input', true, true, false],
    ['aggressive', 'blur', false, true, true],
    ['aggressive', 'submit', false, true, false],
    ['passive', 'input', false, false, false],
    ['passive', 'input', true, false, false],
    ['passive', 'blur', true, false, false],
    ['passive', 'submit', false, true, false],
  ])('%s on %s (error shown: %p) → validate %p, reset %p', (mode, trigger, hasError, validate, reset) => {
    expect(fieldEvent(mode, trigger, hasError)).toEqual({ validate, reset });
  });

  test('resetting before validating on blur can be turned off', () => {
    expect(fieldEvent('eager', 'blur', true, { resetOnBlur: false })).toEqual({ validate: true, reset: false });
  });
});

describe('§8 theme colour', () => {
  test.each<[string, [number, number, number] | null]>([
    ['#ABC', [170, 187, 204]],
    ['#0a7d5a', [10, 125, 90]],
    ['  #0A7D5A ', [10, 125, 90]],
    ['12,110,200', [12, 110, 200]],
    ['12, 110, 200', [12, 110, 200]],
    ['0,0,0', [0, 0, 0]],
    ['red', null],
    ['#ABCD', null],
    ['#GGG', null],
    ['rgb(1,2,3)', null],
    ['256,0,0', null],
    ['1,2', null],
    ['', null],
  ])('%p → %p', (value, rgb) => {
    expect(parseThemeColor(value)).toEqual(rgb);
  });
});
