/**
 * The organizer-meet contract pages' calls (accounts-and-comms §2 'Organizer-meet contract pages', §3 'Organizer-meet
 * save', §6 'access is by key only', §7 'Organizer meet (contracts)'; issue 16; docs/decisions.md 'Organizer-meet
 * contract data', 'Organizer-meet keys'):
 *
 * - GET /spa/contract-organizer-meet-data?key=: the contract's data, files and what is still missing;
 * - POST /spa/contract-organizer-meet-save?key=… { contract_id, organizer_meet_data, files }: a draft may be saved
 *   (only filled-in fields are checked, 422 keyed by the inner field: `inn`); `complete`/`missing` tell the rest;
 * - POST /spa/contract-organizer-meet-file-save?key=… multipart file, is_public: the file/upload form, read and kept by
 *   the upload calls' own pipeline (use-cases/upload-pipeline.ts: streamed, type by its bytes, the file kind's limit);
 * - POST /spa/contract-organizer-meet-delete-file?key=… { file_id };
 * - GET /spa/contract-organizer-meet-file?key=&file_id=: a file of the contract to the key holder (a public one is
 *   also at /media/uploads/…; a private one nowhere else: its upload has no traveller);
 * - POST /crm/api/contract/organizer-meet-key (staff with can_view_commission): a key, answered once.
 *
 * The key is the only access. A wrong, malformed or expired key is the same 404 after the same work (the key is
 * hashed and looked up whatever its form); a contract_id or file_id of another contract is a 404 too.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { DoneAnswer } from '@tours/shared/src/api/schemas/accounts';
import { queryId } from '@tours/shared/src/api/schemas/common';
import {
  MAX_CONTRACT_FILES, ORGANIZER_MEET_KEY_BYTES, ORGANIZER_MEET_KEY_DAYS, ORGANIZER_MEET_KEY_RE, OrganizerMeetAnswer, OrganizerMeetDeleteFileBody, OrganizerMeetFile,
  OrganizerMeetKeyAnswer, OrganizerMeetKeyBody, OrganizerMeetKeyQuery, OrganizerMeetSaveBody,
} from '@tours/shared/src/api/schemas/organizer-meet';
import { FileUploadFields, FileUploadForm, UPLOAD_MAX_BYTES } from '@tours/shared/src/api/schemas/uploads';
import { missingOrganizerMeetFields, normaliseOrganizerMeet, organizerMeetErrors, ORGANIZER_MEET_ERROR_TEXTS } from '@tours/shared/src/domain/organizer-meet';
import {
  addContractFile, contractByKey, contractById, contractData, contractFile, contractFiles, countContractFiles, deleteContractFile, insertContract, issueMeetKey,
  organizerExists, organizerName, saveContractData, savedFileIds, type OrganizerContractRow,
} from '../db/queries/organizer-meet';
import type { Upload } from '../db/queries/uploads';
import { personal } from '../use-cases/chat-socket';
import { HttpError, notFound, validationError } from '../lib/errors';
import { uploadUrl } from '../lib/uploads';
import type { Services } from '../services';
import { parseInput } from '../lib/validation';
import type { ApiRouter } from './router';
import { closeOnRefusedForm, FORM_LIMITS, uploadPipeline } from '../use-cases/upload-pipeline';
import { requireAdmin } from '../lib/auth';

const ORGANIZER_MEET_FILE_PATH = '/spa/contract-organizer-meet-file';
const ORGANIZER_MEET_KEY_PATH = '/crm/api/contract/organizer-meet-key';
/** The page of a key (mfe-account's route 'organizer-meet'). */
const organizerMeetPagePath = (locale: string, key: string) => `/${locale}/organizer-meet/${key}`;
const DAY_MS = 86_400_000;
/** A key longer than this is hashed only in part: it cannot be one anyway (43 characters). */
const KEY_HASHED_MAX = 256;

const newOrganizerMeetKey = (): string => randomBytes(ORGANIZER_MEET_KEY_BYTES).toString('base64url');

const FileQuery = type({ ...OrganizerMeetKeyQuery.schema, file_id: queryId('A file of the key\'s contract') });

interface Opened {
  contract: OrganizerContractRow;
  expiresAt: string;
  key: string;
}

export function registerOrganizerMeetRoutes(app: FastifyInstance, router: ApiRouter, s: Services): void {
  const tags = ['organizer-meet'];
  const byKey = 'The key of the contract\'s link in the query: a wrong, malformed or expired one is 404 (the same answer for each).';

  /** The contract a key opens, or the one 404. */
  async function opened(key: string | undefined): Promise<Opened> {
    // Hashed and looked up whatever its form, so a malformed key costs what a wrong or expired one does.
    const given = typeof key === 'string' ? key.slice(0, KEY_HASHED_MAX) : '';
    const found = await contractByKey(s.db, given, s.date());
    if (!found || !ORGANIZER_MEET_KEY_RE.test(given)) throw notFound();
    return { ...found, key: given };
  }

  const fileOf = (row: Upload, key: string): OrganizerMeetFile => ({
    id: Number(row.id), name: row.original_name, mime: row.mime, size: Number(row.size), is_public: Number(row.is_public) === 1,
    url: Number(row.is_public) === 1 ? uploadUrl(row.stored_name) : `${ORGANIZER_MEET_FILE_PATH}?key=${encodeURIComponent(key)}&file_id=${Number(row.id)}`,
    created_at: row.created_at,
  });

  async function answer(contract: OrganizerContractRow, expiresAt: string, key: string): Promise<OrganizerMeetAnswer> {
    const data = contractData(contract);
    const files = await contractFiles(s.db, Number(contract.id));
    const ids = new Set(files.map((f) => Number(f.id)));
    const missing = missingOrganizerMeetFields(data);
    return {
      contract_id: Number(contract.id), contract_number: contract.number, organizer_name: await organizerName(s.db, contract.organizer_id === null ? null : Number(contract.organizer_id)),
      expires_at: expiresAt, organizer_meet_data: data, files: files.map((f) => fileOf(f, key)), saved_file_ids: savedFileIds(contract).filter((id) => ids.has(id)),
      complete: missing.length === 0, missing, updated_at: contract.updated_at,
    };
  }

  /** The key's contract of each request, opened by the scope's hook before any input is checked: a wrong key is 404 whatever else is sent. */
  const openedBy = new WeakMap<FastifyRequest, Opened>();
  const keyed = (request: FastifyRequest): Opened => {
    const found = openedBy.get(request);
    if (!found) throw notFound();
    return found;
  };

  void app.register(async function organizerMeetScope(scope) {
    // The file upload's form parser, in this scope only (as routes/uploads.ts does).
    await scope.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
    scope.addHook('preHandler', (request, reply) =>
      closeOnRefusedForm(request, reply, async () => void openedBy.set(request, await opened(parseInput(request.query, OrganizerMeetKeyQuery).key))));
    const r = router.in(scope);

    r.add({
      method: 'GET', url: '/spa/contract-organizer-meet-data', tags, summary: "The contract's organizer-meet data, by its key",
      description: `${byKey} Answers the contract, its data (every field; '' when not given), its files, and whether the data is complete (missing: the required fields still empty).`,
      query: OrganizerMeetKeyQuery, answer: OrganizerMeetAnswer, errors: [404],
      handler: async ({ request, reply }) => {
        personal(reply);
        const { contract, expiresAt, key } = keyed(request);
        return answer(contract, expiresAt, key);
      },
    });

    r.add({
      method: 'POST', url: '/spa/contract-organizer-meet-save', tags, summary: "Saves the contract's organizer-meet data (a draft may be incomplete)",
      description: `${byKey} contract_id must be the key's contract (404 otherwise). Only the filled-in fields are checked (INN, OGRN/OGRNIP check digits, KPP, BIK, the accounts' control keys against the BIK, e-mail, phone): 422 with errors keyed by the inner field (inn, bik…). Fields that do not apply to the legal form are dropped. files: ids of this contract's files (422 on files otherwise). Answers as the data call.`,
      query: OrganizerMeetKeyQuery, body: OrganizerMeetSaveBody, answer: OrganizerMeetAnswer, errors: [404],
      handler: async ({ body, request, reply }) => {
        personal(reply);
        const { contract, expiresAt, key } = keyed(request);
        if (body.contract_id !== Number(contract.id)) throw notFound();
        const errors = Object.fromEntries(Object.entries(organizerMeetErrors(body.organizer_meet_data)).map(([field, code]) => [field, ORGANIZER_MEET_ERROR_TEXTS[code]]));
        const fileIds = [...new Set(body.files ?? [])];
        const own = new Set((await contractFiles(s.db, Number(contract.id))).map((f) => Number(f.id)));
        if (fileIds.some((id) => !own.has(id))) errors.files = 'No such file';
        if (Object.keys(errors).length) throw validationError(errors);
        const now = s.date();
        await saveContractData(s.db, Number(contract.id), normaliseOrganizerMeet(body.organizer_meet_data), fileIds, now);
        return answer((await contractById(s.db, Number(contract.id)))!, expiresAt, key);
      },
    });

    r.add({
      method: 'POST', url: '/spa/contract-organizer-meet-delete-file', tags, summary: 'Deletes a file of the contract',
      description: `${byKey} file_id: a file of this contract (another contract's, or none: 404). The file is gone at once, its URL too.`,
      query: OrganizerMeetKeyQuery, body: OrganizerMeetDeleteFileBody, answer: DoneAnswer, errors: [404],
      handler: async ({ body, request, reply }) => {
        personal(reply);
        const { contract } = keyed(request);
        const file = await contractFile(s.db, Number(contract.id), body.file_id);
        if (!file || !(await deleteContractFile(s.db, Number(contract.id), body.file_id))) throw notFound();
        await s.uploads.remove(file.stored_name);
        return { success: true };
      },
    });

    // A file answer, not JSON: registered on fastify and documented, as /media/uploads is.
    scope.get(ORGANIZER_MEET_FILE_PATH, async (request, reply) => {
      const query = parseInput(request.query, FileQuery);
      const { contract } = keyed(request);
      const file = await contractFile(s.db, Number(contract.id), query.file_id);
      if (!file) throw notFound();
      // The key is the access: never cached, whatever the file's own setting.
      return uploadPipeline(s).serve(request, reply, { ...file, is_public: 0 });
    });
    router.document({
      method: 'GET', url: ORGANIZER_MEET_FILE_PATH, tags, summary: 'A file of the contract, to the key holder', query: FileQuery, produces: 'application/octet-stream', errors: [404, 422],
      description: `${byKey} file_id: a file of this contract (404 otherwise). Served as /media/uploads/… serves (its type, a download name, one byte range), never cached.`,
    });

    r.add({
      method: 'POST', url: '/spa/contract-organizer-meet-file-save', tags, summary: 'Uploads a file of the contract',
      description: `${byKey} multipart: file and is_public (default false: only through the key). The file upload's rules: at most ${UPLOAD_MAX_BYTES.file / (1024 * 1024)} MB (413), a JPEG, PNG, WebP, GIF or PDF by its first bytes (422); at most ${MAX_CONTRACT_FILES} files per contract (422). Answers the file.`,
      query: OrganizerMeetKeyQuery, multipart: { form: FileUploadForm }, answer: OrganizerMeetFile, errors: [404, 413, 415],
      handler: async ({ request, reply }) => {
        personal(reply);
        return closeOnRefusedForm(request, reply, async () => {
          const { contract, key } = keyed(request);
          if (!request.isMultipart()) throw new HttpError(415, 'Unsupported media type: send the file as multipart/form-data');
          const contractId = Number(contract.id);
          const tooMany = () => validationError({ file: `A contract holds at most ${MAX_CONTRACT_FILES} files: delete one first` });
          if ((await countContractFiles(s.db, contractId)) >= MAX_CONTRACT_FILES) throw tooMany();
          const pipeline = uploadPipeline(s);
          const { incoming, values } = await pipeline.readForm<{ is_public?: boolean }>(request, 'file', 'file', FileUploadFields);
          const kept = await pipeline.keep(null, 'file', incoming, { bucket: null, isPublic: values.is_public ?? false, field: 'file' });
          await addContractFile(s.db, contractId, kept.id, s.date());
          const file = await contractFile(s.db, contractId, kept.id);
          return fileOf(file!, key);
        });
      },
    });
  });

  router.add({
    method: 'POST', url: ORGANIZER_MEET_KEY_PATH, tags: ['staff'], summary: "A key of a contract's organizer-meet page (staff)",
    description: `An admin session with can_view_commission (401 without a session, 403 without it). organizer_id: a new contract of this organizer (422 when there is none); contract_id: a new key of that contract (404 when there is none; its earlier keys stop working). The key (${ORGANIZER_MEET_KEY_BYTES} random bytes) and the page's link are answered this once: only the key's SHA-256 is kept. It works ${ORGANIZER_MEET_KEY_DAYS} days.`,
    body: OrganizerMeetKeyBody, answer: OrganizerMeetKeyAnswer, errors: [401, 403, 404],
    handler: async ({ body, ctx, request, reply }) => {
      personal(reply);
      const admin = await requireAdmin(s, request, ['can_view_commission']);
      const staffId = Number(admin.staff.id);
      const now = s.date();
      let contract: OrganizerContractRow | undefined;
      if (body.contract_id !== undefined) {
        contract = await contractById(s.db, body.contract_id);
        if (!contract) throw notFound();
      } else {
        if (body.organizer_id === undefined) throw validationError({ organizer_id: 'Required field' });
        if (!(await organizerExists(s.db, body.organizer_id))) throw validationError({ organizer_id: 'No such organizer' });
        contract = await insertContract(s.db, { organizerId: body.organizer_id, staffId }, now);
      }
      const key = newOrganizerMeetKey();
      const expiresAt = new Date(now.getTime() + ORGANIZER_MEET_KEY_DAYS * DAY_MS);
      await issueMeetKey(s.db, Number(contract.id), key, expiresAt, staffId, now);
      return { contract_id: Number(contract.id), key, url: `${s.config.siteOrigin}${organizerMeetPagePath(ctx.locale, key)}`, expires_at: expiresAt.toISOString() };
    },
  });
}
