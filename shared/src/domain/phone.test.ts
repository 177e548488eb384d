import {
  applyPhoneInput, countryName, defaultPhoneCountry, detectPhoneCountry, isBlockedPhoneKey, isPrefixOnly, isValidPhone, loadPhoneLib,
  normalisePhone, phoneCountryMismatch, phoneLib, sanitisePhone,
} from './phone';

describe('§5.2 phone input: pure rules', () => {
  test.each([
    ['a', true], ['Z', true], ['ж', true], ['中', true],
    ['1', false], ['+', false], [' ', false], ['Backspace', false], ['ArrowLeft', false], ['Tab', false],
  ])('letter key %p blocked → %p', (key, blocked) => {
    expect(isBlockedPhoneKey(key)).toBe(blocked);
  });

  test.each([
    ['+7 (916) abc 123-45-67', '+7 (916) 123-45-67'],
    ['12+34', '1234'],
    ['  +1 555', '+1 555'],
    ['+7 916 123 45 67 89 01 23', '+7 916 123 45 67 8'], // 18 characters at most
  ])('sanitise %p → %p', (raw, expected) => {
    expect(sanitisePhone(raw)).toBe(expected);
    expect(sanitisePhone(raw).length).toBeLessThanOrEqual(18);
  });

  test.each<[string, string, string | null, string | null, string]>([
    ['RU: a leading +8 becomes 8', '+89161234567', 'RU', '7', '89161234567'],
    ['RU: national 8… is kept', '89161234567', 'RU', '7', '89161234567'],
    ['DE: +8 is the start of another code', '+8', 'DE', '49', '+8'],
    ['the prefix cannot be deleted', '+', 'RU', '7', '+7'],
    ['deleting everything keeps the prefix', '', 'DE', '49', '+49'],
    ['cutting into the prefix restores it', '+4', 'DE', '49', '+49'],
    ['typing after the prefix', '+49 30 1234', 'DE', '49', '+49 30 1234'],
    ['bare digits get the prefix', '301234', 'DE', '49', '+49 301234'],
    ['bare digits that start with the code get a +', '4930123', 'DE', '49', '+4930123'],
    ['another code is kept (mismatch hint)', '+44 20 7946', 'DE', '49', '+44 20 7946'],
    ['before the library loads nothing is added', '123', 'DE', null, '123'],
    ['letters never get in', '+7 9x1', 'RU', '7', '+7 91'],
  ])('%s', (_name, raw, country, code, expected) => {
    expect(applyPhoneInput(raw, country, code)).toBe(expected);
  });

  test.each([
    ['89161234567', 'RU', '+79161234567'],
    ['8 916 123-45-67', 'RU', '+79161234567'],
    ['+7 916 123 45 67', 'RU', '+7 916 123 45 67'],
    ['89161234567', 'DE', '89161234567'],
  ])('normalise %p (%s) → %p', (value, country, expected) => {
    expect(normalisePhone(value, country)).toBe(expected);
  });

  test('prefix only', () => {
    expect(isPrefixOnly('+7', '7')).toBe(true);
    expect(isPrefixOnly(' + 7 ', '7')).toBe(true);
    expect(isPrefixOnly('', null)).toBe(true);
    expect(isPrefixOnly('+7 9', '7')).toBe(false);
  });

  test.each<[string, string[], string]>([
    ['en', ['en-GB', 'en'], 'GB'],
    ['de', ['de'], 'DE'],
    ['ru', [], 'RU'],
    ['cn', ['zh-Hans-CN'], 'CN'],
    ['en', ['en'], 'US'],
    ['en', ['pt-BR'], 'BR'],
  ])('default country for %s with %p → %s', (locale, languages, expected) => {
    expect(defaultPhoneCountry(locale, languages)).toBe(expected);
  });

  test('country names come from Intl', () => {
    expect(countryName('KZ', 'en')).toBe('Kazakhstan');
    expect(countryName('DE', 'de')).toBe('Deutschland');
  });
});

describe('§5.2 phone input: with libphonenumber-js (loaded on first use)', () => {
  test('is not loaded until asked for', async () => {
    expect(phoneLib()).toBeNull();
    const lib = await loadPhoneLib();
    expect(phoneLib()).toBe(lib);
    expect(await loadPhoneLib()).toBe(lib);
  });

  test.each<[string, string | null]>([
    ['+7 701 123 45 67', 'KZ'],
    ['+7 916 123 45 67', 'RU'],
    ['+44 20 7946 0958', 'GB'],
    ['+49 30 901820', 'DE'],
    ['89161234567', null],
  ])('detects the country of %p → %p', async (value, expected) => {
    const lib = await loadPhoneLib();
    expect(detectPhoneCountry(lib, value)).toBe(expected);
  });

  test('the mismatch hint only when the detected country differs', async () => {
    const lib = await loadPhoneLib();
    expect(phoneCountryMismatch(lib, '+7 701 123 45 67', 'RU')).toBe('KZ');
    expect(phoneCountryMismatch(lib, '+7 916 123 45 67', 'RU')).toBeNull();
    expect(phoneCountryMismatch(lib, '+7', 'RU')).toBeNull();
  });

  test.each<[string, string, boolean]>([
    ['+7 916 123 45 67', 'RU', true],
    ['89161234567', 'RU', true],
    ['+7 916 123', 'RU', false],
    ['+49 30 901820', 'DE', true],
    ['+1 123 456 7890', 'US', false], // no area code starts with 1
    ['+1 212 736 5000', 'US', true],
    ['+44 20 7946 0958', 'GB', true],
  ])('valid %p for %s → %p', async (value, country, valid) => {
    const lib = await loadPhoneLib();
    expect(isValidPhone(lib, value, country)).toBe(valid);
  });
});
