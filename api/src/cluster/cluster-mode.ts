/**
 * Whether this API process shares its state with others (issue 31): on PostgreSQL with its URL (the cluster; the
 * socket.io adapter's condition too). Otherwise it is the single process of the embedded default, and the limits
 * keep their cheap in-memory stores.
 */
import type { Db } from '../db';

export const sharesState = (db: Db, config: { databaseUrl: string }): boolean => db.dialect === 'postgres' && Boolean(config.databaseUrl);
