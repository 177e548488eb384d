/**
 * Site settings from the command line (issue 32), on the configured database (DB_FILE / DATABASE_URL, as main.ts):
 *   npm run settings -w @tours/api -- list
 *   npm run settings -w @tours/api -- set captcha_provider turnstile
 *   npm run settings -w @tours/api -- unset captcha_provider
 */
import { readConfig } from '../config';
import { openDatabase } from '../db/index';
import { runSettingsCommand } from './site-settings';

async function main(): Promise<number> {
  const config = readConfig(process.env);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { file: config.dbFile });
  try {
    return await runSettingsCommand(db, process.argv.slice(2), (l) => console.log(l), (l) => console.error(l));
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
