import { emailState, initialLanguage, initials, languageOptions, passwordChangeBody } from './rules';

describe('account page rules', () => {
  test.each([
    [true, 'en', ['cn', 'en', 'de', 'ru']],
    [false, 'en', ['cn', 'en', 'de']],
    [false, 'ru', ['cn', 'en', 'de', 'ru']],
    [false, null, ['cn', 'en', 'de']],
    [false, 'xx', ['cn', 'en', 'de']],
  ] as const)('languages (russian available: %p, saved %p): %p', (ru, current, codes) => {
    const options = languageOptions(ru, current);
    expect(options.map((o) => o.value)).toEqual(codes);
    expect(options.find((o) => o.value === 'de')?.label).toBe('Deutsch');
  });

  test.each([
    [true, null, ['cn', 'en']],
    [true, 'de', ['cn', 'en', 'de']],
  ] as const)('the Chinese-region site (issue 32): en and cn only (russian available: %p, saved %p): %p', (ru, current, codes) => {
    expect(languageOptions(ru, current, 'china').map((o) => o.value)).toEqual(codes);
  });

  test.each([
    ['de', 'en', 'de'],
    [null, 'cn', 'cn'],
    ['xx', 'en', 'en'],
  ] as const)('the language select starts with %p (page %s) → %s', (saved, page, expected) => expect(initialLanguage(saved, page)).toBe(expected));

  test.each([
    [{ old_password: '', password: 'new-secret-1', confirm_password: 'new-secret-1' }, { password: 'new-secret-1', confirm_password: 'new-secret-1' }],
    [{ old_password: 'old-secret', password: 'new-secret-1', confirm_password: 'x' }, { old_password: 'old-secret', password: 'new-secret-1', confirm_password: 'x' }],
  ])('change-password body of %p', (values, body) => expect(passwordChangeBody(values)).toEqual(body));

  test.each([
    [null, false, null, 'none'],
    [null, true, null, 'none'],
    ['anna@example.com', false, null, 'unconfirmed'],
    ['anna@example.com', true, null, 'confirmed'],
    ['anna@example.com', false, 'other@example.com', 'unconfirmed'],
    ['anna@example.com', false, 'Anna@Example.com', 'confirmed'],
  ] as const)('e-mail %p, confirmed by the profile %p, confirmed here %p → %s', (email, confirmed, here, state) => expect(emailState(email, confirmed, here)).toBe(state));
});

test.each([
  ['Anna Ivanova', 'AI'],
  ['  anna  ', 'A'],
  ['Анна Мария Иванова', 'АМ'],
  ['李 白', '李白'],
  ['😀 Zoë', '😀Z'],
  ['', ''],
])('initials(%j) = %j', (name, out) => expect(initials(name)).toBe(out));
