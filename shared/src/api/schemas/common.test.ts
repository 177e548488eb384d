/** The shared input bounds: ids within the databases' integer, and text without control characters. */
import { create, validate } from 'superstruct';
import { ID_MAX, bodyId, queryId, queryString, scalarOneOf, schemaMeta, type AnyStruct } from './common';
import { HelpRequestData } from './requests';
import { FavouriteTourBody } from './search';
import { TourIdsQuery } from './tours';

const messageOf = (value: unknown, struct: AnyStruct) => {
  const [error] = validate(value, struct, { coerce: true });
  return error ? error.failures()[0]!.message : null;
};

describe('ids', () => {
  test.each<[unknown, string | null]>([
    [1, null], [ID_MAX, null], [ID_MAX + 1, 'Maximum 2147483647'], [1e308, 'Maximum 2147483647'], [2 ** 53 + 1, 'Maximum 2147483647'],
    [0, 'Minimum 1'], [-1, 'Minimum 1'],
  ])('a body id of %p', (value, message) => {
    expect(messageOf(value, bodyId())).toBe(message);
  });

  test.each([1.5, '7', null, NaN, Infinity, true, [1], { id: 1 }])('a body id of %p is not an integer', (value) => {
    const [error] = validate(value, bodyId(), { coerce: true });
    expect(error).toBeDefined();
    expect(error!.failures()[0]!.refinement).toBeUndefined(); // the type check: the server says 'Incorrect value'
  });

  test.each<[string, string | null]>([
    ['1001', null], ['2147483647', null], ['2147483648', 'Maximum 2147483647'], ['99999999999999999999', 'Maximum 2147483647'], ['-1', 'Minimum 1'],
  ])('a query id of %p', (value, message) => {
    expect(messageOf(value, queryId())).toBe(message);
  });

  test.each(['1e308', '1.5', 'NaN', '0x1F', ' ', 'Infinity'])('a query id of %p is refused', (value) => {
    expect(validate(value, queryId(), { coerce: true })[0]).toBeDefined();
  });

  test('id lists and the ids of bodies keep to the same bound', () => {
    expect(create({ ids: `1,${ID_MAX}` }, TourIdsQuery).ids).toEqual([1, ID_MAX]);
    expect(validate({ ids: `1,${ID_MAX + 1}` }, TourIdsQuery, { coerce: true })[0]).toBeDefined();
    expect(messageOf({ tour_id: 1e308 }, FavouriteTourBody)).toBe('Maximum 2147483647');
    for (const field of ['tour_id', 'organizer_id', 'request_id_to_update']) {
      const [error] = validate({ type: 'common_help', [field]: 1e308 }, HelpRequestData, { coerce: true });
      expect(error?.failures().map((f) => [f.path.join('.'), f.message])).toEqual([[field, 'Maximum 2147483647']]);
    }
  });
});

describe('text', () => {
  const line = queryString(100);
  const multiline = queryString(100, { multiline: true });

  test.each(['Anna', 'Ана Петрова', '李白', 'مريم', 'שָׁלוֹם', 'Zoë', '👩‍👩‍👧 🏳️‍🌈', 'a\u200Db', 'x\u0301'])('any language, emoji and combining marks pass: %p', (value) => {
    expect(messageOf(value, line)).toBeNull();
  });

  test.each(['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009f', 'a\nb', 'a\rb', 'a\tb', '\uD800', 'x\uDC00y'])(
    'control characters and lone surrogates are refused in a line: %p',
    (value) => expect(messageOf(value, line)).toBe('Incorrect value'),
  );

  test('a multi-line text keeps line breaks and tabs, and refuses the other control characters', () => {
    expect(messageOf('one\r\ntwo\n\tthree', multiline)).toBeNull();
    for (const value of ['one\u0000', 'one\n\u0007', '\u001b', '\u0085']) expect(messageOf(value, multiline)).toBe('Incorrect value');
  });

  test('the length comes first, and no message repeats the value', () => {
    expect(messageOf('\u0000'.repeat(101), line)).toBe('Maximum 100 characters');
    expect(messageOf('SECRET\u0000', line)).not.toContain('SECRET');
  });

  test('help request fields: the comment is multi-line, every other text is a line', () => {
    const base = { type: 'common_help', name: 'Anna', phone: '+79161234567' };
    expect(validate({ ...base, comment: 'Hi\nthere\tfriend' }, HelpRequestData, { coerce: true })[0]).toBeUndefined();
    for (const field of ['name', 'first_name', 'last_name', 'email', 'city', 'dates', 'utm_source', 'referer', 'partner_id', 'click_source']) {
      // The first failure of a field is the one the API answers (an e-mail is then also not a valid e-mail).
      const [error] = validate({ ...base, [field]: 'a\u0000b' }, HelpRequestData, { coerce: true });
      expect(new Set(error?.failures().map((f) => f.path.join('.')))).toEqual(new Set([field]));
      expect(error?.failures()[0]?.message).toBe('Incorrect value');
    }
  });
});

describe('scalarOneOf', () => {
  const idOrCode = scalarOneOf(['integer', 'string']);
  const bound = scalarOneOf(['number', 'string']);
  test.each([
    [idOrCode, 42, true],
    [idOrCode, 'camp-site', true],
    [idOrCode, '', true],
    [idOrCode, 4.5, false],
    [idOrCode, Number.NaN, false],
    [idOrCode, null, false],
    [idOrCode, { id: 1 }, false],
    [idOrCode, [1], false],
    [bound, 4.5, true],
    [bound, '2027-01-01', true],
    [bound, Number.NaN, false],
    [bound, true, false],
    [bound, undefined, false],
  ])('%#: %p accepts %p: %p', (struct, value, accepted) => {
    expect(validate(value, struct, { coerce: true })[0] === undefined).toBe(accepted);
  });

  test('a refused value names the members; the members describe it as a union', () => {
    expect(messageOf(true, idOrCode)).toBe('Expected a value of type `integer | string`, but received: true');
    expect(idOrCode.type).toBe('union');
    expect(schemaMeta(idOrCode)?.members?.map((m) => m.type)).toEqual(['integer', 'string']);
  });

  test('a value is passed on as it is, never coerced', () => {
    expect(create('7', idOrCode)).toBe('7');
    expect(create(7, idOrCode)).toBe(7);
  });
});
