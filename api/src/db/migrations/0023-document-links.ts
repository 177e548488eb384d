/**
 * Migration 0023: links to any document the API mails, not only tour programmes (issue 29: the travel guide of the
 * e-book sheet is e-mailed like a programme: attached to an address that has asked before, else as a link).
 *
 * programme_links gains `document`: 'programme' (every row of before; tour_id names the tour) or 'guide' (tour_id 0).
 * One table, so 'an address has asked' is one question — any link sent to it was opened (routes/programme.ts,
 * routes/travel-guide.ts, use-cases/document-links.ts) — whichever document the link was for.
 */
import type { Kysely } from 'kysely';

/** What a link leads to. */
export type LinkedDocument = 'programme' | 'guide';

/** The column this migration adds to programme_links (migrations 0013 and 0021 have the others). */
export interface DocumentLinkColumn {
  document: LinkedDocument;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('programme_links').addColumn('document', 'text', (c) => c.notNull().defaultTo('programme')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('programme_links').dropColumn('document').execute();
}
