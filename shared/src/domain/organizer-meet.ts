/**
 * The organizer-meet contract data (accounts-and-comms §2 'Organizer-meet contract pages', §3 'Organizer-meet save',
 * 'Organizer legal forms'): what a Russian tour operator's agency contract needs of the contracting party. The spec
 * does not list the fields; the choice is in docs/decisions.md 'Organizer-meet contract data'. Pure: no React, no DOM;
 * the API and the contract page check the same rules.
 *
 * - The legal form is list 2 of §3 (the contracting party): 1 legal entity, 2 individual entrepreneur, 3 self-employed.
 *   It decides which fields apply: KPP, a short name and a position only for a legal entity; OGRN (13 digits) for a
 *   legal entity, OGRNIP (15) for an entrepreneur, none for the self-employed; INN 10 digits for a legal entity, 12
 *   for a person. Fields that do not apply are dropped (`normaliseOrganizerMeet`).
 * - Numbers are checked with their check digits (INN, OGRN/OGRNIP) and the bank accounts with the Central Bank's
 *   control key against the BIK (a settlement account with the BIK's last three digits, the correspondent account
 *   with '0' and the BIK's fifth and sixth digits).
 * - A draft may be saved: `organizerMeetErrors` checks only what is filled in; `missingOrganizerMeetFields` lists the
 *   required fields still empty (none: the data is complete).
 */
import { CONTRACT_LEGAL_FORMS, CONTRACT_LEGAL_FORM_VALUES, type ContractLegalForm } from './legal-forms';
import { checkRule, isPhoneLike } from './validation';

/** §3 'Organizer legal forms', list 2: the contracting party. */
export type { ContractLegalForm };
/** The contract's legal forms (§3 list 2, domain/legal-forms.ts). */
export const CONTRACT_LEGAL_FORM_IDS: readonly ContractLegalForm[] = CONTRACT_LEGAL_FORM_VALUES;

/** On what authority the signatory signs: a company's charter, a power of attorney, or in their own name (a person). */
export const SIGNATORY_BASES = ['charter', 'power_of_attorney', 'own_behalf'] as const;
export type SignatoryBasis = (typeof SIGNATORY_BASES)[number];

/** The text fields, in the form's order. */
export const ORGANIZER_MEET_TEXT_FIELDS = [
  'full_name', 'short_name', 'inn', 'ogrn', 'kpp', 'legal_address', 'postal_address',
  'bank_name', 'bik', 'settlement_account', 'correspondent_account',
  'contact_name', 'contact_phone', 'contact_email',
  'signatory_name', 'signatory_position', 'signatory_basis_details',
] as const;
export type OrganizerMeetTextField = (typeof ORGANIZER_MEET_TEXT_FIELDS)[number];
export type OrganizerMeetField = OrganizerMeetTextField | 'legal_form' | 'signatory_basis';
/** Every field, in the form's order. */
export const ORGANIZER_MEET_FIELDS: readonly OrganizerMeetField[] = [
  'legal_form', 'full_name', 'short_name', 'inn', 'ogrn', 'kpp', 'legal_address', 'postal_address', 'bank_name', 'bik', 'settlement_account',
  'correspondent_account', 'contact_name', 'contact_phone', 'contact_email', 'signatory_name', 'signatory_position', 'signatory_basis', 'signatory_basis_details',
];

/** The organizer-meet data of a contract: every text '' when not given, the legal form and basis null. */
export type OrganizerMeetData = { [K in OrganizerMeetTextField]: string } & { legal_form: ContractLegalForm | null; signatory_basis: SignatoryBasis | null };

/** The longest value of each text field (the schema's limits too). */
export const ORGANIZER_MEET_MAX: Readonly<Record<OrganizerMeetTextField, number>> = {
  full_name: 300, short_name: 200, inn: 12, ogrn: 15, kpp: 9, legal_address: 500, postal_address: 500,
  bank_name: 200, bik: 9, settlement_account: 20, correspondent_account: 20,
  contact_name: 200, contact_phone: 18, contact_email: 254,
  signatory_name: 200, signatory_position: 200, signatory_basis_details: 200,
};

/** The longest value a field takes as typed: numbers may come grouped with spaces or dashes (dropped when kept). */
export const organizerMeetInputMax = (field: OrganizerMeetTextField): number => Math.max(ORGANIZER_MEET_MAX[field], 40);

export const EMPTY_ORGANIZER_MEET: OrganizerMeetData = {
  legal_form: null, signatory_basis: null,
  ...(Object.fromEntries(ORGANIZER_MEET_TEXT_FIELDS.map((f) => [f, ''])) as { [K in OrganizerMeetTextField]: string }),
};

/** Whether a field is part of the data for this legal form (null: not chosen yet, every field is shown). */
export function organizerMeetFieldApplies(field: OrganizerMeetField, form: ContractLegalForm | null): boolean {
  if (form === null) return true;
  switch (field) {
    case 'kpp':
    case 'short_name':
    case 'signatory_position':
      return form === CONTRACT_LEGAL_FORMS.legal_entity;
    case 'ogrn':
      return form !== CONTRACT_LEGAL_FORMS.self_employed;
    default:
      return true;
  }
}

/** The bases a signatory of this legal form may sign on: a charter only for a company, their own name only for a person. */
export function signatoryBasesFor(form: ContractLegalForm | null): readonly SignatoryBasis[] {
  if (form === CONTRACT_LEGAL_FORMS.legal_entity) return ['charter', 'power_of_attorney'];
  if (form === null) return SIGNATORY_BASES;
  return ['own_behalf', 'power_of_attorney'];
}

/** Whether the details of the basis (the power of attorney's number and date) are asked. */
export const basisDetailsApply = (data: Pick<OrganizerMeetData, 'signatory_basis'>): boolean => data.signatory_basis === 'power_of_attorney';

/** Fields whose spaces and dashes are dropped: numbers. */
const NUMBER_FIELDS: readonly OrganizerMeetTextField[] = ['inn', 'ogrn', 'kpp', 'bik', 'settlement_account', 'correspondent_account'];

/**
 * The data as it is kept: texts trimmed (spaces dropped inside the numbers), fields that do not apply to the legal
 * form emptied, a basis the form does not allow dropped.
 */
export function normaliseOrganizerMeet(input: Partial<OrganizerMeetData>): OrganizerMeetData {
  const out: OrganizerMeetData = { ...EMPTY_ORGANIZER_MEET };
  out.legal_form = CONTRACT_LEGAL_FORM_IDS.includes(input.legal_form as ContractLegalForm) ? (input.legal_form as ContractLegalForm) : null;
  for (const field of ORGANIZER_MEET_TEXT_FIELDS) {
    const raw = typeof input[field] === 'string' ? (input[field] as string).trim() : '';
    out[field] = NUMBER_FIELDS.includes(field) ? raw.replace(/[\s-]/g, '').toUpperCase() : raw;
    if (!organizerMeetFieldApplies(field, out.legal_form)) out[field] = '';
  }
  const basis = SIGNATORY_BASES.includes(input.signatory_basis as SignatoryBasis) ? (input.signatory_basis as SignatoryBasis) : null;
  out.signatory_basis = basis && signatoryBasesFor(out.legal_form).includes(basis) ? basis : null;
  if (!basisDetailsApply(out)) out.signatory_basis_details = '';
  return out;
}

// ---------------------------------------------------------------------------
// Check digits
// ---------------------------------------------------------------------------

const digitsOf = (value: string): number[] => [...value].map(Number);
const weighted = (digits: readonly number[], weights: readonly number[]): number => weights.reduce((sum, w, i) => sum + w * digits[i]!, 0);

/** INN: 10 digits (a company; one check digit) or 12 (a person; two). */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(value)) return false;
  const d = digitsOf(value);
  const check = (weights: readonly number[]) => (weighted(d, weights) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** The remainder of a long decimal number (digit by digit: 15 digits pass Number's exact range). */
function remainder(digits: string, divisor: number): number {
  let r = 0;
  for (const c of digits) r = (r * 10 + Number(c)) % divisor;
  return r;
}

/** OGRN (13 digits: the first 12 mod 11, mod 10) or OGRNIP (15: the first 14 mod 13, mod 10). */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}$|^\d{15}$/.test(value)) return false;
  const body = value.slice(0, -1);
  return remainder(body, value.length === 13 ? 11 : 13) % 10 === Number(value.slice(-1));
}

/** KPP: 4 digits (the tax office), 2 digits or capital Latin letters (the reason), 3 digits. */
export const isValidKpp = (value: string): boolean => /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);

/** BIK: 9 digits, the Russian ones starting with '04'. */
export const isValidBik = (value: string): boolean => /^04\d{7}$/.test(value);

/** The Central Bank's control key: the 23 digits (3 of the BIK, then the account's 20) weighted 7, 1, 3… sum to a multiple of 10. */
function accountKeyHolds(prefix: string, account: string): boolean {
  const d = digitsOf(prefix + account);
  return d.reduce((sum, digit, i) => sum + digit * [7, 1, 3][i % 3]!, 0) % 10 === 0;
}

/** A settlement account of a bank of this BIK: its control key over the BIK's last three digits. */
export const settlementAccountMatchesBik = (account: string, bik: string): boolean => accountKeyHolds(bik.slice(-3), account);

/**
 * The bank's correspondent account at the Central Bank ('301…'): it ends with the BIK's last three digits, and its
 * control key holds over '0' and the BIK's 5th and 6th digits.
 */
export const correspondentAccountMatchesBik = (account: string, bik: string): boolean =>
  account.slice(-3) === bik.slice(-3) && accountKeyHolds(`0${bik.slice(4, 6)}`, account);

// ---------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------

/** Why a field's value is refused. The API words them (ORGANIZER_MEET_ERROR_TEXTS), the page takes its catalogue's. */
export type OrganizerMeetErrorCode =
  | 'required' | 'too_long' | 'digits_10' | 'digits_12' | 'digits_13' | 'digits_15' | 'digits_9' | 'digits_20'
  | 'checksum' | 'kpp_format' | 'bik_format' | 'account_bik' | 'correspondent_prefix' | 'email' | 'phone';

export type OrganizerMeetErrors = Partial<Record<OrganizerMeetField, OrganizerMeetErrorCode>>;

/** The API's words for each code (the error shape's field errors). */
export const ORGANIZER_MEET_ERROR_TEXTS: Readonly<Record<OrganizerMeetErrorCode, string>> = {
  required: 'Required field',
  too_long: 'Too long',
  digits_9: 'Must be 9 digits',
  digits_10: 'Must be 10 digits',
  digits_12: 'Must be 12 digits',
  digits_13: 'Must be 13 digits',
  digits_15: 'Must be 15 digits',
  digits_20: 'Must be 20 digits',
  checksum: 'The check digit does not match: check the number',
  kpp_format: 'A KPP is 9 characters: 4 digits, 2 digits or capital letters, 3 digits',
  bik_format: 'A BIK is 9 digits starting with 04',
  account_bik: 'The account does not match the BIK: check both',
  correspondent_prefix: 'A correspondent account starts with 301',
  email: 'Please enter a valid e-mail',
  phone: 'Please enter a valid phone number',
};

/** The INN's length for the legal form: 10 for a company, 12 for a person (either while no form is chosen). */
function innLength(form: ContractLegalForm | null): 10 | 12 | null {
  if (form === null) return null;
  return form === CONTRACT_LEGAL_FORMS.legal_entity ? 10 : 12;
}

function fieldError(field: OrganizerMeetTextField, value: string, data: OrganizerMeetData): OrganizerMeetErrorCode | null {
  if (value.length > ORGANIZER_MEET_MAX[field]) return 'too_long';
  const form = data.legal_form;
  switch (field) {
    case 'inn': {
      const length = innLength(form);
      if (length ? !new RegExp(`^\\d{${length}}$`).test(value) : !/^\d{10}$|^\d{12}$/.test(value)) return length === 10 ? 'digits_10' : 'digits_12';
      return isValidInn(value) ? null : 'checksum';
    }
    case 'ogrn': {
      const length = form === CONTRACT_LEGAL_FORMS.individual_entrepreneur ? 15 : form === CONTRACT_LEGAL_FORMS.legal_entity ? 13 : null;
      if (length ? !new RegExp(`^\\d{${length}}$`).test(value) : !/^\d{13}$|^\d{15}$/.test(value)) return length === 15 ? 'digits_15' : 'digits_13';
      return isValidOgrn(value) ? null : 'checksum';
    }
    case 'kpp':
      return isValidKpp(value) ? null : 'kpp_format';
    case 'bik':
      if (!/^\d{9}$/.test(value)) return 'digits_9';
      return isValidBik(value) ? null : 'bik_format';
    case 'settlement_account':
      if (!/^\d{20}$/.test(value)) return 'digits_20';
      return isValidBik(data.bik) && !settlementAccountMatchesBik(value, data.bik) ? 'account_bik' : null;
    case 'correspondent_account':
      if (!/^\d{20}$/.test(value)) return 'digits_20';
      if (!value.startsWith('301')) return 'correspondent_prefix';
      return isValidBik(data.bik) && !correspondentAccountMatchesBik(value, data.bik) ? 'account_bik' : null;
    case 'contact_email':
      return checkRule('email', value, undefined, {}) ? null : 'email';
    case 'contact_phone':
      return isPhoneLike(value) ? null : 'phone';
    default:
      return null;
  }
}

/** The errors of the filled-in fields (a draft may leave any field empty), in the form's order. */
export function organizerMeetErrors(input: Partial<OrganizerMeetData>): OrganizerMeetErrors {
  const data = normaliseOrganizerMeet(input);
  const errors: OrganizerMeetErrors = {};
  for (const field of ORGANIZER_MEET_TEXT_FIELDS) {
    if (data[field] === '') continue;
    const error = fieldError(field, data[field], data);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The fields a contract needs that are still empty, in the form's order; none when the data is complete. */
export function missingOrganizerMeetFields(input: Partial<OrganizerMeetData>): OrganizerMeetField[] {
  const data = normaliseOrganizerMeet(input);
  const form = data.legal_form;
  const optional: readonly OrganizerMeetField[] = ['short_name', 'postal_address'];
  return ORGANIZER_MEET_FIELDS.filter((field) => {
    if (optional.includes(field) || !organizerMeetFieldApplies(field, form)) return false;
    if (field === 'signatory_basis_details' && !basisDetailsApply(data)) return false;
    const value = data[field];
    return value === null || value === '';
  });
}
