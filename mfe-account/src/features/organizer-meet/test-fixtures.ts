/** Answers of the contract page's calls for tests, checked with the schemas the client uses. */
import { create } from 'superstruct';
import { OrganizerMeetAnswer, OrganizerMeetFile } from '@tours/shared/api';

export const KEY = 'k'.repeat(20) + 'Q1_-'.repeat(5) + 'abc';

const EMPTY = {
  legal_form: null, signatory_basis: null, full_name: '', short_name: '', inn: '', ogrn: '', kpp: '', legal_address: '', postal_address: '', bank_name: '', bik: '',
  settlement_account: '', correspondent_account: '', contact_name: '', contact_phone: '', contact_email: '', signatory_name: '', signatory_position: '', signatory_basis_details: '',
};

export const meetFile = (over: Partial<OrganizerMeetFile> = {}): OrganizerMeetFile =>
  create({ id: 7, name: 'Charter.pdf', mime: 'application/pdf', size: 20480, is_public: false, url: `/spa/contract-organizer-meet-file?key=${KEY}&file_id=7`, created_at: '2025-03-01T10:00:00.000Z', ...over }, OrganizerMeetFile);

export const meetAnswer = (data: Partial<typeof EMPTY> | Record<string, unknown> = {}, over: Partial<OrganizerMeetAnswer> = {}): OrganizerMeetAnswer =>
  create({
    contract_id: 12, contract_number: 'OM-12', organizer_name: 'Baikal Trails', expires_at: '2025-03-31T10:00:00.000Z',
    organizer_meet_data: { ...EMPTY, ...data }, files: [], saved_file_ids: [], complete: false, missing: ['legal_form'], updated_at: null, ...over,
  }, OrganizerMeetAnswer);
