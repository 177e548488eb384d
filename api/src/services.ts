/** What route handlers share: the database, the configuration, and cached reference data. */
import type { ApiConfig } from './config';
import type { Db } from './db';
import { currencyRates, siteSettings } from './db/queries/reference';
import { AnswerCache } from './lib/cache';
import type { Rates } from './lib/currency';

export class Services {
  /** Answers and reference data, 60 s, within CACHE_MAX_MB (lib/cache.ts). */
  readonly cache: AnswerCache;

  constructor(
    readonly db: Db,
    readonly config: ApiConfig,
  ) {
    this.cache = new AnswerCache({ maxBytes: config.cacheMaxMb * 1024 * 1024 });
  }

  rates(): Promise<Rates> {
    return this.cache.get('rates', () => currencyRates(this.db));
  }

  settings(): Promise<Map<string, string>> {
    return this.cache.get('settings', () => siteSettings(this.db));
  }

  /** Cached answer by key (answers depend only on the catalogue, which changes only on re-seed at start). */
  cached<V>(key: string, compute: () => Promise<V>): Promise<V> {
    return this.cache.get(key, compute);
  }
}
