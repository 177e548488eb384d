/**
 * The site settings an operator edits (public-site §3.8 'Site settings (fetched)', issue 32): one row each in
 * site_settings, served by GET /spa/site-tokens. Each has its allowed values; `settings set` refuses anything else,
 * so no SQL by hand. The names are the spec's (and the table's) keys.
 */
import { PROVIDER_NAMES } from '@tours/shared/src/api/captcha-setup';
import type { Db } from '../db/index';
import { siteSettings } from '../db/queries/reference';

type Parse = (value: string) => { stored: string } | { error: string };

const oneOf = (allowed: readonly string[]): Parse => (value) =>
  allowed.includes(value.trim().toLowerCase()) ? { stored: value.trim().toLowerCase() } : { error: `must be one of ${allowed.map((a) => a || "'' (none)").join(', ')}` };
/** A site key or token: printable, no spaces, up to 500 characters ('' clears it). */
const token: Parse = (value) => (/^[\x21-\x7e]{0,500}$/.test(value.trim()) ? { stored: value.trim() } : { error: 'must be up to 500 printable characters without spaces' });
const yesNo: Parse = (value) => {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return { stored: '1' };
  if (['0', 'false', 'no', 'off'].includes(v)) return { stored: '0' };
  return { error: 'must be true or false' };
};

export interface SiteSettingDef { key: string; what: string; parse: Parse }

export const SITE_SETTINGS: readonly SiteSettingDef[] = [
  { key: 'captcha_provider', what: `captcha provider (${PROVIDER_NAMES.join(', ')})`, parse: oneOf(PROVIDER_NAMES) },
  { key: 'captcha_key', what: "captcha site key (altcha: the challenge path)", parse: token },
  { key: 'hard_captcha_key', what: 'captcha key of the hard challenge', parse: token },
  { key: 'invisible_captcha_provider', what: `invisible captcha provider ('' none, ${PROVIDER_NAMES.join(', ')})`, parse: oneOf(['', ...PROVIDER_NAMES]) },
  { key: 'invisible_captcha_key', what: 'invisible captcha key', parse: token },
  { key: 'maps_provider', what: 'maps provider (yandex)', parse: oneOf(['yandex']) },
  { key: 'maps_token', what: 'maps API token', parse: token },
  { key: 'maps_suggest_token', what: 'maps suggest token', parse: token },
  { key: 'send_tour_program_in_pdf_via_whatsapp', what: 'programme PDF via WhatsApp (true/false)', parse: yesNo },
  {
    key: 'main_auth_method', what: 'main sign-in method (1 or phone, 2 or email)',
    parse: (value) => {
      const v = value.trim().toLowerCase();
      return v === '1' || v === 'phone' ? { stored: '1' } : v === '2' || v === 'email' || v === 'e-mail' ? { stored: '2' } : { error: 'must be 1 (phone) or 2 (email)' };
    },
  },
];

const byKey = new Map(SITE_SETTINGS.map((d) => [d.key, d]));

/** The stored form of a value, or why it is refused. */
export function parseSiteSetting(key: string, value: string): { stored: string } | { error: string } {
  const def = byKey.get(key);
  if (!def) return { error: `unknown setting ${key} (one of ${SITE_SETTINGS.map((d) => d.key).join(', ')})` };
  const parsed = def.parse(value);
  return 'error' in parsed ? { error: `${key}: ${parsed.error}` } : parsed;
}

export async function writeSiteSetting(db: Db, key: string, value: string): Promise<void> {
  await db.kysely.insertInto('site_settings').values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function removeSiteSetting(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('site_settings').where('key', '=', key).execute();
}

export const SETTINGS_USAGE = [
  'npm run settings -w @tours/api -- list',
  'npm run settings -w @tours/api -- set <key> <value>',
  'npm run settings -w @tours/api -- unset <key>',
  '(the API reads site settings at start: restart it to serve the change)',
].join('\n');

/** Runs one command; returns the exit code. Output lines go to `out`, refusals to `err`. */
export async function runSettingsCommand(db: Db, args: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const [command, key = '', ...rest] = args;
  if (command === 'list') {
    const current = await siteSettings(db);
    for (const d of SITE_SETTINGS) out(`${d.key}=${current.get(d.key) ?? ''}${current.has(d.key) ? '' : ' (not set: default)'}  # ${d.what}`);
    return 0;
  }
  if (command === 'set' && rest.length === 1) {
    const parsed = parseSiteSetting(key, rest[0]!);
    if ('error' in parsed) {
      err(parsed.error);
      return 2;
    }
    await writeSiteSetting(db, key, parsed.stored);
    out(`${key}=${parsed.stored}`);
    return 0;
  }
  if (command === 'unset' && rest.length === 0 && key) {
    if (!byKey.has(key)) {
      err(`unknown setting ${key}`);
      return 2;
    }
    await removeSiteSetting(db, key);
    out(`${key} unset (default)`);
    return 0;
  }
  err(SETTINGS_USAGE);
  return 2;
}
