import {
  EMPTY_ORGANIZER_MEET, correspondentAccountMatchesBik, isValidBik, isValidInn, isValidKpp, isValidOgrn, missingOrganizerMeetFields, normaliseOrganizerMeet,
  organizerMeetErrors, organizerMeetFieldApplies, settlementAccountMatchesBik, signatoryBasesFor, type OrganizerMeetData,
} from './organizer-meet';

// Real numbers: Sberbank's (INN, OGRN, KPP, BIK, correspondent account) and T-Bank's BIK and correspondent account;
// the others made with the check-digit algorithms (digits chosen, check digits computed).
const SBER = { inn: '7707083893', ogrn: '1027700132195', kpp: '773601001', bik: '044525225', correspondent: '30101810400000000225' };
const TBANK = { bik: '044525974', correspondent: '30101810145250000974' };

describe('check digits', () => {
  test.each<[string, boolean]>([
    ['7707083893', true], // Sberbank
    ['7701000001', true], // computed
    ['500300123409', true], // a person's, computed
    ['7707083894', false], // last digit changed
    ['500300123408', false], // second check digit wrong
    ['500300123419', false], // first check digit wrong
    ['770708389', false], // 9 digits
    ['77070838931', false], // 11 digits
    ['77070838a3', false],
  ])('INN %s → %p', (inn, valid) => expect(isValidInn(inn)).toBe(valid));

  test.each<[string, boolean]>([
    ['1027700132195', true], // Sberbank's OGRN
    ['304770300000010', true], // an OGRNIP, computed
    ['1027700132196', false],
    ['304770300000011', false],
    ['102770013219', false],
    ['30477030000001', false],
  ])('OGRN/OGRNIP %s → %p', (ogrn, valid) => expect(isValidOgrn(ogrn)).toBe(valid));

  test.each<[string, boolean]>([['773601001', true], ['7736AB001', true], ['7736ab001', false], ['77360100', false], ['A73601001', false]])(
    'KPP %s → %p', (kpp, valid) => expect(isValidKpp(kpp)).toBe(valid),
  );
  test.each<[string, boolean]>([['044525225', true], ['044525974', true], ['144525225', false], ['04452522', false]])(
    'BIK %s → %p', (bik, valid) => expect(isValidBik(bik)).toBe(valid),
  );

  test.each<[string, string, boolean]>([
    ['40702810938000000001', SBER.bik, true],
    ['40802810100000012345', SBER.bik, true],
    ['40817810600000054321', TBANK.bik, true],
    ['40702810838000000001', SBER.bik, false], // the key digit changed
    ['40702810938000000001', TBANK.bik, false], // another bank's BIK
  ])('settlement account %s with BIK %s → %p', (account, bik, valid) => expect(settlementAccountMatchesBik(account, bik)).toBe(valid));

  test.each<[string, string, boolean]>([
    [SBER.correspondent, SBER.bik, true],
    [TBANK.correspondent, TBANK.bik, true],
    [SBER.correspondent, TBANK.bik, false],
    ['30101810500000000225', SBER.bik, false],
  ])('correspondent account %s with BIK %s → %p', (account, bik, valid) => expect(correspondentAccountMatchesBik(account, bik)).toBe(valid));
});

const company: OrganizerMeetData = {
  ...EMPTY_ORGANIZER_MEET,
  legal_form: 1, full_name: 'Limited Liability Company "Baikal Trails"', short_name: 'LLC "Baikal Trails"', inn: SBER.inn, ogrn: SBER.ogrn, kpp: SBER.kpp,
  legal_address: '19 Vavilova St, Moscow, 117312', bank_name: 'Sberbank', bik: SBER.bik, settlement_account: '40702810938000000001',
  correspondent_account: SBER.correspondent, contact_name: 'Irina Petrova', contact_phone: '+7 916 123-45-67', contact_email: 'irina@baikal-trails.example',
  signatory_name: 'Pavel Sokolov', signatory_position: 'General Director', signatory_basis: 'charter',
};

describe('the rules of the form', () => {
  test('a complete company passes and misses nothing', () => {
    expect(organizerMeetErrors(company)).toEqual({});
    expect(missingOrganizerMeetFields(company)).toEqual([]);
  });

  test('an empty draft has no errors; everything required is missing, in the form\'s order', () => {
    expect(organizerMeetErrors(EMPTY_ORGANIZER_MEET)).toEqual({});
    expect(missingOrganizerMeetFields(EMPTY_ORGANIZER_MEET)).toEqual([
      'legal_form', 'full_name', 'inn', 'ogrn', 'kpp', 'legal_address', 'bank_name', 'bik', 'settlement_account', 'correspondent_account',
      'contact_name', 'contact_phone', 'contact_email', 'signatory_name', 'signatory_position', 'signatory_basis',
    ]);
  });

  test.each<[string, Partial<OrganizerMeetData>, Record<string, string>]>([
    ['a company INN of 12 digits', { inn: '500300123409' }, { inn: 'digits_10' }],
    ['a wrong check digit', { inn: '7707083894' }, { inn: 'checksum' }],
    ['an OGRNIP for a company', { ogrn: '304770300000010' }, { ogrn: 'digits_13' }],
    ['an OGRN with a wrong check digit', { ogrn: '1027700132196' }, { ogrn: 'checksum' }],
    ['a KPP with lower-case letters is upper-cased', { kpp: '7736ab001' }, {}],
    ['a KPP of 8 characters', { kpp: '77360100' }, { kpp: 'kpp_format' }],
    ['a BIK not starting with 04', { bik: '144525225' }, { bik: 'bik_format', correspondent_account: undefined as never }],
    ['an account of another bank', { settlement_account: '40817810600000054321' }, { settlement_account: 'account_bik' }],
    ['a correspondent account not at the Central Bank', { correspondent_account: '40702810938000000001' }, { correspondent_account: 'correspondent_prefix' }],
    ['spaces in an account are dropped', { settlement_account: '4070 2810 9380 0000 0001' }, {}],
    ['19 digits', { settlement_account: '4070281093800000000' }, { settlement_account: 'digits_20' }],
    ['an e-mail without a domain', { contact_email: 'irina@' }, { contact_email: 'email' }],
    ['a phone without +', { contact_phone: '89161234567' }, { contact_phone: 'phone' }],
    ['a name too long', { full_name: 'x'.repeat(301) }, { full_name: 'too_long' }],
  ])('%s', (_name, change, expected) => {
    const defined = Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined));
    expect(organizerMeetErrors({ ...company, ...change })).toEqual(defined);
  });

  test('an entrepreneur: INN of 12 digits, OGRNIP of 15, no KPP, short name or position; signs in their own name', () => {
    const person: OrganizerMeetData = {
      ...company, legal_form: 2, full_name: 'Ivan Ivanov', inn: '500300123409', ogrn: '304770300000010', settlement_account: '40802810100000012345',
      signatory_name: 'Ivan Ivanov', signatory_basis: 'own_behalf',
    };
    expect(organizerMeetErrors(person)).toEqual({});
    expect(missingOrganizerMeetFields(person)).toEqual([]);
    expect(organizerMeetErrors({ ...person, inn: SBER.inn, ogrn: SBER.ogrn })).toEqual({ inn: 'digits_12', ogrn: 'digits_15' });
    const kept = normaliseOrganizerMeet(person);
    expect([kept.kpp, kept.short_name, kept.signatory_position]).toEqual(['', '', '']);
    // A charter is a company's: dropped for a person, so the basis is missing again.
    expect(missingOrganizerMeetFields({ ...person, signatory_basis: 'charter' })).toEqual(['signatory_basis']);
  });

  test('self-employed: no OGRN at all', () => {
    expect(organizerMeetFieldApplies('ogrn', 3)).toBe(false);
    expect(normaliseOrganizerMeet({ ...company, legal_form: 3, ogrn: SBER.ogrn }).ogrn).toBe('');
    expect(signatoryBasesFor(3)).toEqual(['own_behalf', 'power_of_attorney']);
  });

  test('a power of attorney needs its number and date', () => {
    const byProxy = { ...company, signatory_basis: 'power_of_attorney' as const };
    expect(missingOrganizerMeetFields(byProxy)).toEqual(['signatory_basis_details']);
    expect(missingOrganizerMeetFields({ ...byProxy, signatory_basis_details: 'No. 15 of 10.01.2025' })).toEqual([]);
    expect(normaliseOrganizerMeet({ ...company, signatory_basis_details: 'left over' }).signatory_basis_details).toBe('');
  });

  test('values of the wrong type count as empty', () => {
    expect(normaliseOrganizerMeet({ legal_form: 7 as never, inn: 5 as never, signatory_basis: 'king' as never })).toEqual(EMPTY_ORGANIZER_MEET);
  });
});
