/**
 * Seeds the configured database (same environment as main.ts: DB_FILE / DATABASE_URL, SEED, CATALOGUE_SIZE).
 *   npm run seed -w @tours/api            # seeds unless the same catalogue is already there
 *   npm run seed -w @tours/api -- --force # always regenerates
 */
import { readConfig } from './config';
import { openDatabase } from './db';
import { ensureSeeded } from './db/seed/ensure';

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const force = process.argv.includes('--force');
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { file: config.dbFile });
  try {
    const report = await ensureSeeded(db, { seed: config.seed, size: config.catalogueSize, maxAgeDays: config.seedMaxAgeDays, force });
    const where = db.dialect === 'postgres' ? 'postgres' : config.dbFile;
    if (report.seeded) {
      console.log(`Seeded ${where} (${report.reason}): ${report.stats?.tours} tours, ${report.stats?.rows} rows; generate ${report.generateMs} ms, write ${report.writeMs} ms`);
    } else console.log(`${where}: ${report.reason}, nothing to do`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
