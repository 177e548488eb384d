import { travellerDisplayName } from './useCall';

describe("the traveller's SIP display name", () => {
  test.each([
    [{ first_name: 'Anna', last_name: 'Smith', email: 'a@example.com' }, 'Smith Anna'],
    [{ first_name: 'Anna', last_name: '', email: 'a@example.com' }, 'Anna'],
    [{ first_name: '', last_name: '', email: 'a@example.com' }, 'a@example.com'],
    [{ first_name: '', last_name: '', email: null, phone: '+49301234567' }, '+49301234567'],
    [{ first_name: '', last_name: '', email: null, phone: null }, ''],
    [null, ''],
  ])('%j → %s', (profile, name) => expect(travellerDisplayName(profile)).toBe(name));
});
