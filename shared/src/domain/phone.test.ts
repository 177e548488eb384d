import {
  applyPhoneInput, countryName, isBlankPhone, phoneEditOf, phoneToSend, defaultPhoneCountry, detectPhoneCountry, isBlockedPhoneKey, isPrefixOnly, isValidPhone, loadPhoneLib,
  matchPhoneCountries, normalisePhone, phoneCountryMismatch, phoneLib, sanitisePhone, type PhoneCountryMatch,
} from './phone';

describe('§5.2 country search of the phone input', () => {
  const list = [
    { code: 'RU', name: 'Russia', callingCode: '7' },
    { code: 'KZ', name: 'Kazakhstan', callingCode: '7' },
    { code: 'DE', name: 'Germany', callingCode: '49' },
    { code: 'GB', name: 'United Kingdom', callingCode: '44' },
    { code: 'AX', name: 'Åland Islands', callingCode: '358' },
    { code: 'FI', name: 'Finland', callingCode: '358' },
    { code: 'US', name: 'United States', callingCode: '1' },
    { code: 'AG', name: 'Antigua & Barbuda', callingCode: '1' },
    { code: 'GU', name: 'Guam', callingCode: '1' },
  ];
  const shown = (matches: PhoneCountryMatch[]) => matches.map((m) => (m.kind === 'country' ? m.country.code : `use +${m.callingCode}`));
  test.each<[string, string, string[]]>([
    ['an empty query lists every country', '  ', list.map((c) => c.code)],
    ['digits search calling codes', '7', ['RU', 'KZ']],
    ['a leading + is allowed', '+49', ['DE']],
    ['codes that start with the digits, exact ones first', '4', ['DE', 'GB']],
    ['no code starts with them: use code +X', '999', ['use +999']],
    ['+ and digits without a match: use code +X', '+88', ['use +88']],
    ['more than 4 digits is no calling code: nothing', '12345', []],
    ['letters search names, starting ones first', 'uni', ['GB', 'US']],
    ['anywhere in the name', 'land', ['AX', 'FI']],
    ['case and accents do not matter', 'ALAND', ['AX']],
    ['no name matches: nothing', 'atlantis', []],
  ])('%s (%p)', (_name, query, expected) => {
    expect(shown(matchPhoneCountries(list, query))).toEqual(expected);
  });
});

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

  // Issue 29: '+44…' typed over the selected +1 had become '+1442…' with no hint (a paste kept it).
  test.each<[string, string, string, string, Parameters<typeof applyPhoneInput>[3], string]>([
    ["a '+' typed over the code starts another number", '+', 'US', '1', 'insert', '+'],
    ['its digits are kept as typed', '+4', 'US', '1', 'insert', '+4'],
    ['even where they start the selected code', '+4', 'DE', '49', 'insert', '+4'],
    ['so the number is the one typed', '+44 20 7946', 'US', '1', 'insert', '+44 20 7946'],
    ['deleting into the code still restores it', '+', 'US', '1', 'delete', '+1'],
    ['cutting into it too', '+4', 'DE', '49', 'delete', '+49'],
    ['digits typed without a + still follow the code', '4', 'US', '1', 'insert', '+1 4'],
    ['RU: +8 typed is still national 8', '+8', 'RU', '7', 'insert', '8'],
  ])('%s', (_name, raw, country, code, how, expected) => {
    expect(applyPhoneInput(raw, country, code, how)).toBe(expected);
  });

  test.each([
    ['insertText', 'insert'], ['insertFromPaste', 'insert'], ['deleteContentBackward', 'delete'], ['deleteByCut', 'delete'], [undefined, 'unknown'], ['historyUndo', 'unknown'],
  ] as const)('inputType %p is an edit of kind %p', (inputType, expected) => expect(phoneEditOf(inputType)).toBe(expected));

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

describe('phone values as the forms send them (one rule for every form)', () => {
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
  ])('%p is blank: %p', (value, blank) => expect(isBlankPhone(value)).toBe(blank));

  test.each<[string, string | null, string]>([
    ['+7 (999) 123-45-67', null, '+79991234567'],
    ['+49 30 1234567', 'DE', '+49301234567'],
    ['89123456789', 'RU', '+79123456789'],
    ['89123456789', 'DE', '+89123456789'],
    ['+1 (202) 555-0100', 'US', '+12025550100'],
    ['', 'RU', ''],
    ['abc', null, ''],
  ])('%p (%s) is sent as %p', (value, country, sent) => expect(phoneToSend(value, country)).toBe(sent));
});

