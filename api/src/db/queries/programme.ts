/** Subscriptions to a tour's programme and the links to mailed documents (migrations 0013, 0021, 0023; issue 30: formerly inline in routes/programme.ts and lib/document-links.ts). */
import type { Kysely } from 'kysely';
import type { Db } from '../index';
import type { DocumentLinkColumn, LinkedDocument, ProgrammeLinkRecipientColumns, ProgrammeLinkTable, ProgrammeSchema } from '../schema';

const programmeDb = (db: Db) => db.kysely as unknown as Kysely<ProgrammeSchema>;

/** Whether this e-mail has subscribed to this tour's programme. */
export async function isSubscribedToProgramme(db: Db, email: string, tourId: number): Promise<boolean> {
  return Boolean(await programmeDb(db).selectFrom('programme_subscriptions').select('id').where('email', '=', email).where('tour_id', '=', tourId).executeTakeFirst());
}

/** Records a subscription; false when one for the e-mail and tour came first (one per e-mail and tour). */
export async function addProgrammeSubscription(db: Db, row: {
  email: string; tour_id: number; subscriber_id: string | null; uuid: string | null; currency: string; locale: string; created_at: string;
}): Promise<boolean> {
  const inserted = await programmeDb(db).insertInto('programme_subscriptions').values({ ...row, phone: null })
    .onConflict((oc) => oc.columns(['email', 'tour_id']).doNothing()).returning('id').executeTakeFirst();
  return Boolean(inserted);
}

// Links to a mailed document (programme_links; use-cases/document-links.ts) ----------------------------------------------

type LinksSchema = ProgrammeSchema & { programme_links: ProgrammeLinkTable & ProgrammeLinkRecipientColumns & DocumentLinkColumn };
const linksDb = (db: Db) => db.kysely as unknown as Kysely<LinksSchema>;

/** Whether a link sent to this address was opened. */
export async function hasOpenedLink(db: Db, recipient: string): Promise<boolean> {
  const row = await linksDb(db).selectFrom('programme_links').select('token_hash')
    .where('recipient', '=', recipient).where('opened_at', 'is not', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Records a link by its token's hash, with where it went. */
export async function insertDocumentLink(db: Db, row: {
  token_hash: string; document: LinkedDocument; tour_id: number; locale: string; currency: string; request_id: number | null; recipient: string; created_at: string;
}): Promise<void> {
  await linksDb(db).insertInto('programme_links').values({ ...row, opened_at: null }).execute();
}

/** The link of a token's hash for a document, or undefined. */
export function documentLinkByHash(db: Db, tokenHash: string, document: LinkedDocument) {
  return linksDb(db).selectFrom('programme_links').selectAll().where('token_hash', '=', tokenHash).where('document', '=', document).executeTakeFirst();
}

/** Marks a link opened (the first time only). */
export async function markDocumentLinkOpened(db: Db, tokenHash: string, at: string): Promise<void> {
  await linksDb(db).updateTable('programme_links').set({ opened_at: at }).where('token_hash', '=', tokenHash).where('opened_at', 'is', null).execute();
}
