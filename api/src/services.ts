/** What route handlers share: the database, the configuration, and cached reference data. */
import type { ApiConfig } from './config';
import type { Db } from './db';
import { currencyRates, siteSettings } from './db/queries/reference';
import { Memo } from './lib/cache';
import type { Rates } from './lib/currency';

export class Services {
  readonly memo = new Memo();

  constructor(
    readonly db: Db,
    readonly config: ApiConfig,
  ) {}

  rates(): Promise<Rates> {
    return this.memo.get('rates', () => currencyRates(this.db));
  }

  settings(): Promise<Map<string, string>> {
    return this.memo.get('settings', () => siteSettings(this.db));
  }

  /** Cached answer by key (answers depend only on the catalogue, which changes only on re-seed at start). */
  cached<V>(key: string, compute: () => Promise<V>): Promise<V> {
    return this.memo.get(key, compute);
  }
}
