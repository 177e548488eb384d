/**
 * The organizer-meet contract pages' calls (accounts-and-comms §2 'Organizer-meet contract pages', §3 'Organizer-meet
 * save', §6 'access is by key only', §7 'Organizer meet (contracts)'; issue 16), and the staff call that makes a key.
 *
 * - Every call takes the key in the query (`?key=`). A wrong, malformed or expired key is the same 404: so the key is
 *   any string here (a value of another type is no key), never a 422 that would tell a malformed key from a wrong one.
 * - organizer_meet_data: the fields of domain/organizer-meet.ts (docs/decisions.md 'Organizer-meet contract data').
 *   Its rules' errors are keyed by the inner field (`inn`), as a form's `data.*` fields are.
 * - The file upload takes the file/upload form (multipart file, is_public).
 */
import { type Infer, array, boolean, enums, integer, nullable, refine, string, type } from 'superstruct';
import { ORGANIZER_MEET_TEXT_FIELDS, organizerMeetInputMax, SIGNATORY_BASES, type OrganizerMeetTextField } from '../../domain/organizer-meet';
import { bodyId, bodyText, coerceIf, nul, opt, withMeta } from './common';

/** How long a key works. */
export const ORGANIZER_MEET_KEY_DAYS = 30;
/** Files one contract may hold. */
export const MAX_CONTRACT_FILES = 20;
/** Random bytes of a key (base64url: 43 characters). */
export const ORGANIZER_MEET_KEY_BYTES = 32;
/** What a key looks like (the page checks a path before calling; the API answers 404 to anything else alike). */
export const ORGANIZER_MEET_KEY_RE = /^[A-Za-z0-9_-]{43}$/;

/** The link's key: any string; a value of another type (a list, an object) is no key, and answers 404 like a wrong one. */
const meetKey = withMeta(coerceIf(string(), (v): v is unknown => typeof v !== 'string', () => ''), {
  description: 'The key of the contract\'s link (43 characters, base64url). Wrong, malformed or expired: 404, the same answer for each',
});
export const OrganizerMeetKeyQuery = type({ key: opt(meetKey) });
export type OrganizerMeetKeyQuery = Infer<typeof OrganizerMeetKeyQuery>;

const legalForm = withMeta(enums([1, 2, 3]), { description: '§3 legal forms, list 2: 1 legal entity, 2 individual entrepreneur, 3 self-employed' });
const signatoryBasis = withMeta(enums(SIGNATORY_BASES), { description: 'charter (a legal entity), power_of_attorney, own_behalf (an entrepreneur or self-employed person)' });

const textFields = <S>(make: (field: OrganizerMeetTextField) => S) =>
  Object.fromEntries(ORGANIZER_MEET_TEXT_FIELDS.map((field) => [field, make(field)])) as Record<OrganizerMeetTextField, S>;

/** organizer_meet_data as sent: any field may be left out or empty (a draft). */
export const OrganizerMeetDataInput = type({
  legal_form: opt(nul(legalForm)),
  signatory_basis: opt(nul(signatoryBasis)),
  ...textFields((field) => opt(bodyText(organizerMeetInputMax(field)))),
});
export type OrganizerMeetDataInput = Infer<typeof OrganizerMeetDataInput>;

/** organizer_meet_data as kept and answered: every field, '' when not given. */
export const OrganizerMeetDataShape = type({
  legal_form: nullable(enums([1, 2, 3])),
  signatory_basis: nullable(enums(SIGNATORY_BASES)),
  ...textFields(() => string()),
});

/** POST /spa/contract-organizer-meet-save?key=… (§3 'Organizer-meet save'). */
export const OrganizerMeetSaveBody = type({
  contract_id: bodyId("The key's contract (another is 404)"),
  organizer_meet_data: OrganizerMeetDataInput,
  files: opt(withMeta(
    refine(array(bodyId('A file of this contract')), 'length', (v) => (v.length > MAX_CONTRACT_FILES ? `Maximum ${MAX_CONTRACT_FILES}` : true)),
    { description: `The contract's files the data refers to (at most ${MAX_CONTRACT_FILES}; each one uploaded with this key)`, maximum: MAX_CONTRACT_FILES },
  )),
});
export type OrganizerMeetSaveBody = Infer<typeof OrganizerMeetSaveBody>;

/** POST /spa/contract-organizer-meet-delete-file?key=…. */
export const OrganizerMeetDeleteFileBody = type({ file_id: bodyId('A file of this contract (another contract\'s is 404)') });
export type OrganizerMeetDeleteFileBody = Infer<typeof OrganizerMeetDeleteFileBody>;

/** A file of the contract. `url`: a private file through the key (GET /spa/contract-organizer-meet-file), a public one at /media/uploads/…. */
export const OrganizerMeetFile = type({
  id: integer(),
  name: string(),
  mime: string(),
  size: integer(),
  is_public: boolean(),
  url: string(),
  created_at: string(),
});
export type OrganizerMeetFile = Infer<typeof OrganizerMeetFile>;

/** GET /spa/contract-organizer-meet-data and the save's answer. */
export const OrganizerMeetAnswer = type({
  contract_id: integer(),
  contract_number: string(),
  organizer_name: nullable(string()),
  /** When the key stops working. */
  expires_at: string(),
  organizer_meet_data: OrganizerMeetDataShape,
  files: array(OrganizerMeetFile),
  /** The files the saved data refers to (the last save's `files`, those not deleted since). */
  saved_file_ids: array(integer()),
  /** Whether every required field is filled in; `missing` lists the others, in the form's order. */
  complete: boolean(),
  missing: array(string()),
  /** The last save; null before the first. */
  updated_at: nullable(string()),
});
export type OrganizerMeetAnswer = Infer<typeof OrganizerMeetAnswer>;

/** POST /crm/api/contract/organizer-meet-key (staff): a new contract of an organizer, or a new key of a contract. */
export const OrganizerMeetKeyBody = type({
  organizer_id: opt(bodyId('A new contract of this organizer')),
  contract_id: opt(bodyId('A new key of this contract (its earlier keys stop working)')),
});
export type OrganizerMeetKeyBody = Infer<typeof OrganizerMeetKeyBody>;

/** The key, answered once: only its hash is kept. */
export const OrganizerMeetKeyAnswer = type({
  contract_id: integer(),
  key: string(),
  url: withMeta(string(), { description: 'SITE_ORIGIN/{locale}/organizer-meet/{key}' }),
  expires_at: string(),
});
export type OrganizerMeetKeyAnswer = Infer<typeof OrganizerMeetKeyAnswer>;
