import { STORAGE } from '@tours/shared/contract';

/**
 * Shown when ?siteDebug is present (the flag is then stored) or the stored flag is set (§2.3) — and only where
 * overrides may be used at all: with no allowed origins (`appConfig.debugOrigins`, empty in production) the
 * overlay never opens and the flag is not stored.
 */
export function isDebugOn(allowlist: readonly string[], loc: Location = window.location, storage: Storage = localStorage): boolean {
  if (!allowlist.length) return false;
  const params = new URLSearchParams(loc.search);
  if (params.has('siteDebug')) {
    const value = params.get('siteDebug');
    if (value === '0' || value === 'false') {
      storage.removeItem(STORAGE.debugFlag);
      return false;
    }
    storage.setItem(STORAGE.debugFlag, '1');
    return true;
  }
  return storage.getItem(STORAGE.debugFlag) === '1';
}
