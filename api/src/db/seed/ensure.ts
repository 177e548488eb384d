/**
 * Seeding on start: generate and write the catalogue unless the database already holds the same one
 * (same generator version, seed and size, generated at most `maxAgeDays` ago).
 */
import type { Db } from '../index';
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED, generateCatalogue, type Catalogue } from './index';
import { ensureInfoPages } from './pages';
import { isoDate } from './text';
import { seedIdentity, writeCatalogue } from './write';

export interface EnsureSeededOptions {
  seed?: number;
  size?: number;
  /** Generation date 'YYYY-MM-DD'; default today (UTC). */
  today?: string;
  /** Re-seed when the data is older than this (variants are relative to the generation date). Default 30. */
  maxAgeDays?: number;
  /** Re-seed even when the identity matches. */
  force?: boolean;
}

export interface SeedReport {
  seeded: boolean;
  /** Why seeding ran or was skipped. */
  reason: string;
  generateMs: number;
  writeMs: number;
  stats: Catalogue['stats'] | null;
}

async function readMeta(db: Db): Promise<Map<string, string>> {
  const rows = await db.kysely.selectFrom('meta').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

function ageInDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}

export async function ensureSeeded(db: Db, options: EnsureSeededOptions = {}): Promise<SeedReport> {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? DEFAULT_CATALOGUE_SIZE;
  const today = options.today ?? isoDate(new Date());
  const maxAge = options.maxAgeDays ?? 30;
  // The informational pages are not part of the catalogue: written whether or not it is re-seeded, editors' changes kept.
  await ensureInfoPages(db);
  const meta = await readMeta(db);
  const identity = seedIdentity(seed, size);
  const generatedOn = meta.get('generated_on');
  let reason: string;
  if (options.force) reason = 'forced';
  else if (!meta.has('seed_identity')) reason = 'empty database';
  else if (meta.get('seed_identity') !== identity) reason = 'different seed, size or generator version';
  else if (!generatedOn || ageInDays(generatedOn, today) > maxAge) reason = `data older than ${maxAge} days`;
  // A clock moved back (CLOCK_START) would otherwise keep a catalogue whose 'past' has not happened yet.
  else if (ageInDays(generatedOn, today) < 0) reason = 'data generated after today';
  else return { seeded: false, reason: 'seed identity matches', generateMs: 0, writeMs: 0, stats: null };

  const t0 = performance.now();
  const catalogue = generateCatalogue({ seed, size, today });
  const t1 = performance.now();
  await writeCatalogue(db, catalogue);
  const t2 = performance.now();
  return { seeded: true, reason, generateMs: Math.round(t1 - t0), writeMs: Math.round(t2 - t1), stats: catalogue.stats };
}
