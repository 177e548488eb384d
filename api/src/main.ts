/**
 * Entry point: reads the environment, opens (and migrates and seeds) the database, listens,
 * and closes server and database on SIGINT/SIGTERM.
 */
import { readConfig } from './config';
import { openDatabase, type Db } from './db';
import { ensureSeeded } from './db/seed/ensure';
import { ensureDemoChats, ensureStaffAccounts } from './db/seed/staff';
import { DEV_ORGANIZER_MEET_KEY, ensureDevOrganizerMeetKey } from './db/seed/organizer-meet';
import { serviceClock } from './lib/clock';
import { buildServer } from './server';
import { createDrain, drainMsFrom, readinessAnswer } from '@tours/shared/src/node/drain';

export { buildServer } from './server';
export { openDatabase } from './db';

async function main(): Promise<void> {
  const config = readConfig(process.env);
  // A failed background checkpoint is logged by the service's logger once it exists (the seed runs before it).
  let checkpointFailed = (message: string) => console.error(`WAL checkpoint failed: ${message}`);
  const db: Db = await openDatabase(config.databaseUrl
    ? { url: config.databaseUrl }
    : { file: config.dbFile, backgroundCheckpoints: { onError: (message) => checkpointFailed(message) } });
  // One clock for the seed and the service (CLOCK_START moves it; lib/clock.ts).
  const now = serviceClock(config.clockStart);
  const today = new Date(now()).toISOString().slice(0, 10);
  const report = await ensureSeeded(db, { seed: config.seed, size: config.catalogueSize, maxAgeDays: config.seedMaxAgeDays, today });
  // The agent console's development accounts and demo chats (issue 15; db/seed/staff.ts lists the passwords): DEV_MODE only.
  const staff = config.devMode ? await ensureStaffAccounts(db, new Date(now())) : [];
  if (config.devMode) await ensureDemoChats(db, new Date(now()));
  // The development organizer-meet contract and its fixed key (issue 16; README 'Organizer-meet pages'): DEV_MODE only.
  if (config.devMode) await ensureDevOrganizerMeetKey(db, new Date(now()));
  const app = buildServer({ db, config, now, logger: { level: config.logLevel } });
  checkpointFailed = (message) => app.log.error({ error: message }, 'WAL checkpoint failed');
  if (config.clockStart !== null) app.log.warn({ clockStart: new Date(config.clockStart).toISOString(), today }, 'CLOCK_START: the service runs on a moved clock');
  if (staff.length) app.log.info({ staff }, 'development staff accounts made (passwords in api/src/db/seed/staff.ts)');
  if (config.devMode) app.log.info({ url: `${config.siteOrigin}/ru/organizer-meet/${DEV_ORGANIZER_MEET_KEY}` }, 'development organizer-meet page');
  app.log.info({ ...report }, report.seeded ? `catalogue seeded (${report.reason})` : 'catalogue up to date');

  // SIGTERM/SIGINT: readiness 503 for DRAIN_MS (the balancer stops sending), then close (in-flight requests finish,
  // sockets close with a reconnect), then the database (shared/src/node/drain.ts; docs/deploying.md).
  const drain = createDrain({
    drainMs: drainMsFrom(process.env),
    close: async () => {
      await app.close();
      await db.close();
    },
    log: (message) => app.log.info(message),
  });
  app.get('/readyz', async (_request, reply) => {
    const answer = readinessAnswer(drain);
    // Not ready until the chat hears the other processes (ChatHub.listening): no socket is sent here before.
    if (answer.status === 200 && !app.chatHub.listening()) return reply.code(503).header('cache-control', 'no-store').send({ message: 'Starting' });
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });
  process.once('SIGINT', () => void drain.stop('SIGINT'));
  process.once('SIGTERM', () => void drain.stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = db.dialect === 'postgres' ? 'postgres' : `sqlite ${config.dbFile}`;
  console.log(`API listening on http://${config.host}:${port} (${where})`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
