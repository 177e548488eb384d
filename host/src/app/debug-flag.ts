import { STORAGE } from '@tours/shared';

/** Shown when ?siteDebug is present (the flag is then stored) or the stored flag is set (§2.3). */
export function isDebugOn(loc: Location = window.location, storage: Storage = localStorage): boolean {
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
