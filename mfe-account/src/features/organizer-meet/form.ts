/**
 * The contract page's pure rules (thin over shared/src/domain/organizer-meet.ts): the form's values (text, as inputs
 * hold them) to and from the API's organizer_meet_data, each field's error as a catalogue message, and the draft kept
 * in sessionStorage per contract, so a failed save or a reload loses nothing until a save succeeds.
 */
import {
  CONTRACT_LEGAL_FORM_IDS, ORGANIZER_MEET_FIELDS, ORGANIZER_MEET_TEXT_FIELDS, SIGNATORY_BASES, organizerMeetErrors,
  type ContractLegalForm, type OrganizerMeetData, type OrganizerMeetField, type SignatoryBasis,
} from '@tours/shared/domain';

/** Every field as text: the legal form '1'…'3' and the basis as their values, '' when not chosen. */
export type MeetValues = Record<OrganizerMeetField, string>;

export function toValues(data: OrganizerMeetData): MeetValues {
  const values = Object.fromEntries(ORGANIZER_MEET_TEXT_FIELDS.map((f) => [f, data[f]])) as MeetValues;
  values.legal_form = data.legal_form === null ? '' : String(data.legal_form);
  values.signatory_basis = data.signatory_basis ?? '';
  return values;
}

export function toData(values: MeetValues): OrganizerMeetData {
  const form = Number(values.legal_form) as ContractLegalForm;
  const data = Object.fromEntries(ORGANIZER_MEET_TEXT_FIELDS.map((f) => [f, values[f].trim()])) as unknown as OrganizerMeetData;
  data.legal_form = CONTRACT_LEGAL_FORM_IDS.includes(form) ? form : null;
  data.signatory_basis = (SIGNATORY_BASES as readonly string[]).includes(values.signatory_basis) ? (values.signatory_basis as SignatoryBasis) : null;
  return data;
}

/** A field's error as the catalogue's message (account.meet.error.{code}), or true when it passes. */
export function fieldRule(field: OrganizerMeetField) {
  return (_value: unknown, all: Readonly<Record<string, unknown>>): true | { id: string } => {
    const code = organizerMeetErrors(toData(all as MeetValues))[field];
    return code ? { id: `account.meet.error.${code}` } : true;
  };
}

/** The sessionStorage key of a contract's draft. */
export const draftKey = (contractId: number): string => `organizer-meet-draft:${contractId}`;

/** The draft of a contract, or null (none, unreadable, or storage refused). Unknown fields are dropped. */
export function readDraft(storage: Pick<Storage, 'getItem'> | null, contractId: number): MeetValues | null {
  try {
    const raw = storage?.getItem(draftKey(contractId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    if (!parsed || typeof parsed !== 'object') return null;
    return Object.fromEntries(ORGANIZER_MEET_FIELDS.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : ''])) as MeetValues;
  } catch {
    return null;
  }
}

/** Keeps the typed values (a full or private-mode storage is ignored: the values stay in the page). */
export function writeDraft(storage: Pick<Storage, 'setItem'> | null, contractId: number, values: MeetValues): void {
  try {
    storage?.setItem(draftKey(contractId), JSON.stringify(values));
  } catch {
    // Storage full or refused: the page still holds the values.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> | null, contractId: number): void {
  try {
    storage?.removeItem(draftKey(contractId));
  } catch {
    // Nothing to do.
  }
}

/** Whether two sets of values differ (a draft equal to the saved data is no draft). */
export const sameValues = (a: MeetValues, b: MeetValues): boolean => ORGANIZER_MEET_FIELDS.every((f) => a[f] === b[f]);

/** The page's sessionStorage, or null where it cannot be used. */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
