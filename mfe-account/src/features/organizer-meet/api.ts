/**
 * The contract page's calls (accounts-and-comms §7 'Organizer meet (contracts)'): every one carries the page's key in
 * the query; the POSTs are writes (a 429 asks for the captcha).
 */
import type { HostContext } from '@tours/shared/contract';
import { DoneAnswer, OrganizerMeetAnswer, OrganizerMeetFile, type OrganizerMeetSaveBody } from '@tours/shared/api';

type Api = HostContext['api'];

/** An upload may take longer than a call's usual 10 s: a 10 MB scan on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** GET /spa/contract-organizer-meet-data?key=: the contract's data and files (404: a wrong or expired key). */
export function fetchMeet(api: Api, key: string, signal?: AbortSignal): Promise<OrganizerMeetAnswer> {
  return api.get('/spa/contract-organizer-meet-data', { schema: OrganizerMeetAnswer, query: { key }, signal });
}

/** POST /spa/contract-organizer-meet-save?key=…: the data (a draft may be incomplete) with the contract and its files. */
export function saveMeet(api: Api, key: string, body: OrganizerMeetSaveBody): Promise<OrganizerMeetAnswer> {
  return api.post('/spa/contract-organizer-meet-save', body, { schema: OrganizerMeetAnswer, query: { key }, captcha: true });
}

/** POST /spa/contract-organizer-meet-file-save?key=…: a document as a multipart form (private: only through the key). */
export function uploadMeetFile(api: Api, key: string, file: File): Promise<OrganizerMeetFile> {
  const form = new FormData();
  form.append('is_public', '0');
  form.append('file', file, file.name);
  return api.post('/spa/contract-organizer-meet-file-save', form, { schema: OrganizerMeetFile, query: { key }, captcha: true, timeout: UPLOAD_TIMEOUT_MS });
}

/** POST /spa/contract-organizer-meet-delete-file?key=…. */
export function deleteMeetFile(api: Api, key: string, fileId: number): Promise<DoneAnswer> {
  return api.post('/spa/contract-organizer-meet-delete-file', { file_id: fileId }, { schema: DoneAnswer, query: { key }, captcha: true });
}
