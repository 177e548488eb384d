import { isBlankPhone, phoneNumberOf } from './phone';

describe('phone values', () => {
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
    ['+7 (999) 123-45-67', '+79991234567'],
    ['+49 30 1234567', '+49301234567'],
    ['', ''],
    ['abc', ''],
  ])('the number of %p is %p', (value, number) => expect(phoneNumberOf(value)).toBe(number));
});
