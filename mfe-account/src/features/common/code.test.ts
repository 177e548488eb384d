import { pastedCode, typedCode } from './code';

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
