import { MAX_PARTY, TOURIST_TEMPLATE } from '@tours/shared/api';
import { phoneToSend } from '@tours/shared/domain';
import {
  blankTourist, checkTourist, firstError, initialTourists, nameFields, serverTouristErrors, storedTourist, touristLimit, touristsBody, touristsFromDraft,
  visibleFields, type TouristValues,
} from './tourists';
import { tourist, touristsInfo } from './test-fixture';

const template = { ...TOURIST_TEMPLATE };
const off = { collectPassport: false, collectWeight: false };
const keys = () => {
  let n = 0;
  return () => `k${(n += 1)}`;
};
const ctx = { today: '2026-11-24', phoneToSend };
const blank = (over: Partial<TouristValues> = {}): TouristValues => ({ ...blankTourist(template, 'a', 'RU'), ...over });

describe('the template applied (§3.7)', () => {
  test('a new tourist: strings empty, editable and removable, the phone country given', () => {
    expect(blankTourist(template, 'k1', 'DE')).toEqual({
      key: 'k1', full_name: '', last_name: '', first_name: '', middle_name: '', birthday: '', phone: '', email: '', passport: '', food_restriction: '', weight: '',
      country: 'DE', can_edit: true, can_delete: true,
    });
  });
  test.each([
    ['the template says may not delete', { ...template, can_delete: false }, { can_edit: true, can_delete: false }],
    ['the template says may not edit', { ...template, can_edit: false }, { can_edit: false, can_delete: true }],
    ['a default in the template', { ...template, food_restriction: 'none' }, { food_restriction: 'none' }],
  ])('%s', (_name, tpl, expected) => {
    expect(blankTourist(tpl, 'k', 'RU')).toMatchObject(expected);
  });
  test('a stored tourist: its values, weight as text, editable only while the request is', () => {
    const t = tourist(5, { first_name: 'Ivan', weight: 80, can_delete: false });
    expect(storedTourist(t, 'k', 'RU', true)).toMatchObject({ id: 5, first_name: 'Ivan', weight: '80', can_edit: true, can_delete: false });
    expect(storedTourist(t, 'k', 'RU', false)).toMatchObject({ can_edit: false, can_delete: false });
  });
  test.each([
    ['no stored tourists: one card per member of the party', touristsInfo({ adults: 2, children: 1 }), 3],
    ['a party of 0 still gets one card', touristsInfo({ adults: 0, children: 0 }), 1],
    ['the stored tourists as they are', touristsInfo({ tourists: [tourist(1), tourist(2)] }), 2],
    ['a closed request without tourists: none', touristsInfo({ status: 5, can_edit: false }), 0],
  ])('%s', (_name, info, count) => {
    expect(initialTourists(info, 'RU', keys())).toHaveLength(count);
  });
});

describe('which fields a card shows', () => {
  test.each([
    ['the template with split names', template, undefined, ['last_name', 'first_name', 'middle_name']],
    ['no middle name in the template', { first_name: '', last_name: '', full_name: '' }, undefined, ['last_name', 'first_name']],
    ['a template with a full name only', { full_name: '' }, undefined, ['full_name']],
    ['a stored tourist with only a full name keeps it', template, { full_name: 'Ivan Petrov', first_name: '', last_name: '' }, ['full_name']],
    ['a stored tourist with split names', template, { full_name: 'Ivan Petrov', first_name: 'Ivan', last_name: '' }, ['last_name', 'first_name', 'middle_name']],
  ])('%s', (_name, tpl, t, expected) => {
    expect(nameFields(tpl, t)).toEqual(expected);
  });
  test.each([
    ['neither passport nor weight', off, ['last_name', 'first_name', 'middle_name', 'birthday', 'phone', 'email', 'food_restriction']],
    ['passport collected', { collectPassport: true, collectWeight: false }, ['last_name', 'first_name', 'middle_name', 'birthday', 'phone', 'email', 'passport', 'food_restriction']],
    ['weight collected', { collectPassport: false, collectWeight: true }, ['last_name', 'first_name', 'middle_name', 'birthday', 'phone', 'email', 'weight', 'food_restriction']],
    ['both', { collectPassport: true, collectWeight: true }, ['last_name', 'first_name', 'middle_name', 'birthday', 'phone', 'email', 'passport', 'weight', 'food_restriction']],
  ])('%s', (_name, config, expected) => {
    expect(visibleFields(template, config)).toEqual(expected);
  });
});

describe('how many tourists', () => {
  test.each([
    ['the party', { adults: 2, children: 1, max_tourists: 50 }, 0, 3],
    ['at least one', { adults: 0, children: 0, max_tourists: 50 }, 0, 1],
    ['never more than the API takes', { adults: 40, children: 30, max_tourists: 50 }, 0, MAX_PARTY],
    ['a smaller limit of the API', { adults: 5, children: 0, max_tourists: 4 }, 0, 4],
    ['a list stored longer than the party stays whole', { adults: 2, children: 0, max_tourists: 50 }, 4, 4],
  ])('%s', (_name, info, listed, expected) => {
    expect(touristLimit(info, listed)).toBe(expected);
  });
});

describe('the checks of a card (§5.1)', () => {
  const fields = visibleFields(template, { collectPassport: true, collectWeight: true });
  test.each<[string, Partial<TouristValues>, Record<string, string>]>([
    ['a blank card needs first and last name', {}, { last_name: 'forms.validation.required', first_name: 'forms.validation.required' }],
    ['names given: fine', { first_name: 'Ivan', last_name: 'Petrov' }, {}],
    ['only spaces are no name', { first_name: '  ', last_name: 'Petrov' }, { first_name: 'forms.validation.required' }],
    ['a bad e-mail', { first_name: 'I', last_name: 'P', email: 'ivan@' }, { email: 'forms.validation.email' }],
    ['a phone holding only the country code is empty', { first_name: 'I', last_name: 'P', phone: '+7 ' }, {}],
    ['a short phone', { first_name: 'I', last_name: 'P', phone: '+7 912' }, { phone: 'forms.validation.phone' }],
    ['a full phone', { first_name: 'I', last_name: 'P', phone: '+7 912 345 67 89' }, {}],
    ['a birthday in the future', { first_name: 'I', last_name: 'P', birthday: '2026-11-25' }, { birthday: 'booking.tourists.birthdayFuture' }],
    ['a birthday today', { first_name: 'I', last_name: 'P', birthday: '2026-11-24' }, {}],
    ['a birthday before 1900', { first_name: 'I', last_name: 'P', birthday: '1899-12-31' }, { birthday: 'booking.tourists.birthdayTooEarly' }],
    ['a date that does not exist', { first_name: 'I', last_name: 'P', birthday: '2001-02-30' }, { birthday: 'forms.validation.incorrect' }],
    ['a weight of 0', { first_name: 'I', last_name: 'P', weight: '0' }, { weight: 'forms.validation.minValue' }],
    ['a weight of 401', { first_name: 'I', last_name: 'P', weight: '401' }, { weight: 'forms.validation.maxValue' }],
    ['a weight that is not a number', { first_name: 'I', last_name: 'P', weight: '7.5' }, { weight: 'forms.validation.incorrect' }],
    ['a passport too long', { first_name: 'I', last_name: 'P', passport: 'x'.repeat(51) }, { passport: 'forms.validation.max' }],
    ['a tourist that may not be edited is not checked', { can_edit: false }, {}],
  ])('%s', (_name, over, expected) => {
    const found = checkTourist(blank(over), fields, ctx);
    expect(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v!.id]))).toEqual(expected);
  });
  test('fields not shown are not checked', () => {
    expect(checkTourist(blank({ first_name: 'I', last_name: 'P', passport: 'x'.repeat(51), weight: '0' }), visibleFields(template, off), ctx)).toEqual({});
  });
});

describe('the body of update-tourists', () => {
  test('the whole list in order: ids of stored ones, every field held (shown or not), trimmed, empties left out, the phone as +digits', () => {
    const list: TouristValues[] = [
      { ...storedTourist(tourist(5, { first_name: 'Ivan', last_name: 'Petrov', passport: '4510 123456', weight: 80 }), 'a', 'RU', true), first_name: ' Ivan ' },
      blank({ key: 'b', first_name: 'Maria', last_name: 'Petrova', phone: '8 912 345-67-89', email: 'maria@example.com', birthday: '2015-05-01' }),
      blank({ key: 'c', first_name: 'Olga', last_name: 'S', phone: '+7 ', weight: 'abc' }),
    ];
    expect(touristsBody(list, phoneToSend)).toEqual({
      tourists: [
        { id: 5, first_name: 'Ivan', last_name: 'Petrov', passport: '4510 123456', weight: 80 },
        { first_name: 'Maria', last_name: 'Petrova', phone: '+79123456789', email: 'maria@example.com', birthday: '2015-05-01' },
        { first_name: 'Olga', last_name: 'S' },
      ],
    });
  });
  test('an empty list removes every tourist', () => {
    expect(touristsBody([], phoneToSend)).toEqual({ tourists: [] });
  });
});

describe('server errors on the right tourist (§5.8)', () => {
  const sent = [blank({ key: 'a' }), blank({ key: 'b' }), blank({ key: 'c' })];
  const shown = (config = off) => () => visibleFields(template, config);
  test.each<[string, Record<string, string>, Record<string, Record<string, string>>, string[]]>([
    ['tourists.1.birthday on the second card', { 'tourists.1.birthday': 'Incorrect value' }, { b: { birthday: 'Incorrect value' } }, []],
    ['several tourists and fields', { 'tourists.0.email': 'Bad e-mail', 'tourists.2.phone': 'Bad phone', 'tourists.2.first_name': 'Too long' }, { a: { email: 'Bad e-mail' }, c: { phone: 'Bad phone', first_name: 'Too long' } }, []],
    ['bracket and data. forms', { 'tourists[1].email': 'E', 'data.tourists.2.birthday': 'B' }, { b: { email: 'E' }, c: { birthday: 'B' } }, []],
    ['a tourist id not of this request: on the card', { 'tourists.0.id': 'Incorrect value' }, { a: { card: 'Incorrect value' } }, []],
    ['a field the card does not show: on the card', { 'tourists.1.passport': 'Maximum 50 characters' }, { b: { card: 'Maximum 50 characters' } }, []],
    ['an index beyond the list, or the list itself: general', { 'tourists.7.email': 'X', tourists: 'Maximum 47' }, {}, ['X', 'Maximum 47']],
  ])('%s', (_name, fieldErrors, expected, general) => {
    const out = serverTouristErrors(fieldErrors, sent, shown());
    expect(Object.fromEntries(Object.entries(out.tourists).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([f, m]) => [f, m!.text]))]))).toEqual(expected);
    expect(out.general).toEqual(general);
  });
  test('a shown passport gets its error on the field', () => {
    expect(serverTouristErrors({ 'tourists.1.passport': 'P' }, sent, shown({ collectPassport: true, collectWeight: false })).tourists).toEqual({ b: { passport: { id: 'forms.validation.incorrect', text: 'P' } } });
  });
  test('the first error in card and field order', () => {
    const fieldsOf = () => visibleFields(template, off);
    expect(firstError(sent, { c: { last_name: { id: 'x' } }, b: { email: { id: 'x' }, first_name: { id: 'x' } } }, fieldsOf)).toEqual({ key: 'b', field: 'first_name' });
    expect(firstError(sent, { a: { card: { id: 'x' }, email: { id: 'x' } } }, fieldsOf)).toEqual({ key: 'a', field: 'card' });
    expect(firstError(sent, {}, fieldsOf)).toBeNull();
  });
});

describe('the draft over the stored list', () => {
  const stored = [storedTourist(tourist(5, { first_name: 'Ivan', last_name: 'P' }), 's1', 'RU', true)];
  test('typed values win; an unknown id becomes a new tourist; junk items are dropped', () => {
    const out = touristsFromDraft([{ id: 5, first_name: 'Ivan-typed', last_name: 'P', country: 'DE' }, { id: 77, first_name: 'Gone' }, 'junk', { first_name: 3, last_name: 'New' }], stored, keys(), 'RU');
    expect(out!.map((t) => [t.id, t.first_name, t.last_name, t.country])).toEqual([[5, 'Ivan-typed', 'P', 'DE'], [undefined, 'Gone', '', 'RU'], [undefined, '', 'New', 'RU']]);
  });
  test('a stored tourist that may not be edited comes as stored; one that may not be removed stays', () => {
    const locked = [storedTourist(tourist(5, { first_name: 'Ivan', can_edit: false, can_delete: false }), 's1', 'RU', true)];
    expect(touristsFromDraft([{ id: 5, first_name: 'Changed' }], locked, keys(), 'RU')![0]).toMatchObject({ id: 5, first_name: 'Ivan', can_edit: false });
    expect(touristsFromDraft([{ first_name: 'New' }], locked, keys(), 'RU')!.map((t) => t.first_name)).toEqual(['New', 'Ivan']);
  });
  test.each([['not a list', { a: 1 }], ['empty', []], ['too long', Array.from({ length: MAX_PARTY + 1 }, () => ({}))]])('%s: no draft', (_name, raw) => {
    expect(touristsFromDraft(raw, stored, keys(), 'RU')).toBeNull();
  });
});
