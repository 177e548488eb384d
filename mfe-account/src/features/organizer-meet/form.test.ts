import { clearDraft, draftKey, fieldRule, readDraft, sameValues, toData, toValues, writeDraft, type MeetValues } from './form';
import { meetAnswer } from './test-fixtures';

const empty = toValues(meetAnswer().organizer_meet_data);

describe('the contract form\'s values', () => {
  test('data → values → data is the same data', () => {
    const data = meetAnswer({ legal_form: 2, signatory_basis: 'own_behalf', inn: '500300123409' }).organizer_meet_data;
    const values = toValues(data);
    expect(values).toMatchObject({ legal_form: '2', signatory_basis: 'own_behalf', inn: '500300123409', kpp: '' });
    expect(toData(values)).toEqual(data);
  });

  test.each<[string, Partial<MeetValues>, Partial<Record<string, unknown>>]>([
    ['no legal form chosen', { legal_form: '' }, { legal_form: null }],
    ['a legal form out of the list', { legal_form: '7' }, { legal_form: null }],
    ['a basis out of the list', { signatory_basis: 'king' }, { signatory_basis: null }],
    ['texts are trimmed', { full_name: '  Ivan Ivanov ' }, { full_name: 'Ivan Ivanov' }],
  ])('%s', (_name, change, expected) => expect(toData({ ...empty, ...change })).toMatchObject(expected));

  test.each<[string, Partial<MeetValues>, string, true | { id: string }]>([
    ['a right INN passes', { legal_form: '1', inn: '7707083893' }, 'inn', true],
    ['a wrong check digit', { legal_form: '1', inn: '7707083894' }, 'inn', { id: 'account.meet.error.checksum' }],
    ['a person\'s INN for a company', { legal_form: '1', inn: '500300123409' }, 'inn', { id: 'account.meet.error.digits_10' }],
    ['an account of another bank', { bik: '044525974', settlement_account: '40702810938000000001' }, 'settlement_account', { id: 'account.meet.error.account_bik' }],
    ['an empty field passes (a draft)', {}, 'inn', true],
  ])('%s', (_name, change, field, expected) => {
    const values = { ...empty, ...change };
    expect(fieldRule(field as keyof MeetValues)(values[field as keyof MeetValues], values)).toEqual(expected);
  });
});

describe('the draft on this device', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
  };

  test('kept per contract, read back, cleared', () => {
    const s = storage();
    writeDraft(s, 12, { ...empty, inn: '7707' });
    expect(s.map.has(draftKey(12))).toBe(true);
    expect(readDraft(s, 12)).toEqual({ ...empty, inn: '7707' });
    expect(readDraft(s, 13)).toBeNull();
    clearDraft(s, 12);
    expect(readDraft(s, 12)).toBeNull();
  });

  test('unreadable drafts and refusing storages are no draft', () => {
    const s = storage();
    s.setItem(draftKey(12), '{not json');
    expect(readDraft(s, 12)).toBeNull();
    s.setItem(draftKey(12), JSON.stringify({ inn: 5, bik: '044525225', other: 'x' }));
    expect(readDraft(s, 12)).toEqual({ ...empty, bik: '044525225' });
    const refusing = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeDraft(refusing, 12, empty)).not.toThrow();
    expect(readDraft(null, 12)).toBeNull();
  });

  test('sameValues', () => {
    expect(sameValues(empty, { ...empty })).toBe(true);
    expect(sameValues(empty, { ...empty, bik: '1' })).toBe(false);
  });
});
