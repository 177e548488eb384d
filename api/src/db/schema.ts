/** The typed database schema: every migration's tables. */
import type { CatalogueSchema } from './migrations/0001-catalogue';

/** Rows of the FTS tables are written and read with raw SQL (db/search.ts). */
export type Schema = CatalogueSchema;
export type TableName = keyof Schema;
