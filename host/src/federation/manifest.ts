import { MFE_NAMES, STORAGE, isAllowedOrigin, type MfeName } from '@tours/shared';

/** One entry of /mfe-manifest.json: where a remote's mf-manifest.json is and which version it is. */
export interface ManifestEntry { url: string; version: string }
export type RemoteManifest = Partial<Record<MfeName, ManifestEntry>>;

export interface ResolvedRemote extends ManifestEntry { name: MfeName; overridden: boolean }

/** The overrides as stored (http(s) URLs of known microfrontends), allowed or not. */
function readStored(storage: Storage): Partial<Record<MfeName, string>> {
  try {
    const raw = storage.getItem(STORAGE.remoteOverrides);
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const out: Partial<Record<MfeName, string>> = {};
    for (const name of MFE_NAMES) {
      const url = parsed[name];
      if (typeof url === 'string' && /^https?:\/\//.test(url)) out[name] = url;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Developer overrides (like import-map-overrides): name → mf-manifest.json URL, kept in localStorage. Only URLs
 * whose origin is on the allowlist (`appConfig.debugOrigins`, empty in production) count; any other is ignored
 * with a warning, so a stored override can never load code from an arbitrary origin.
 */
export function readOverrides(allowlist: readonly string[], storage: Storage = localStorage, warn: (message: string) => void = console.warn): Partial<Record<MfeName, string>> {
  const stored = readStored(storage);
  const out: Partial<Record<MfeName, string>> = {};
  for (const name of Object.keys(stored) as MfeName[]) {
    const url = stored[name]!;
    if (isAllowedOrigin(url, allowlist)) out[name] = url;
    else warn(`Ignored the override of ${name}: ${url} is not on the allowed origins (debugOrigins)`);
  }
  return out;
}

/** Stores (or with null removes) one override; false, and nothing stored, when its origin is not allowed. */
export function writeOverride(name: MfeName, url: string | null, allowlist: readonly string[], storage: Storage = localStorage): boolean {
  if (url && !isAllowedOrigin(url, allowlist)) return false;
  const current = readStored(storage);
  if (url) current[name] = url;
  else delete current[name];
  if (Object.keys(current).length) storage.setItem(STORAGE.remoteOverrides, JSON.stringify(current));
  else storage.removeItem(STORAGE.remoteOverrides);
  return true;
}

/** Applies overrides over the served manifest. Pure, so it is tested without a browser. */
export function resolveRemotes(manifest: RemoteManifest, overrides: Partial<Record<MfeName, string>>): ResolvedRemote[] {
  const out: ResolvedRemote[] = [];
  for (const name of MFE_NAMES) {
    const entry = manifest[name];
    const override = overrides[name];
    if (override) out.push({ name, url: override, version: entry?.version ?? 'override', overridden: true });
    else if (entry && typeof entry.url === 'string') out.push({ name, url: entry.url, version: String(entry.version ?? ''), overridden: false });
  }
  return out;
}

/** Fetched fresh on every page load (the server sends it with no-cache), so a new remote build is seen on the next load. */
export async function fetchManifest(fetchImpl: typeof fetch = fetch): Promise<RemoteManifest> {
  const response = await fetchImpl('/mfe-manifest.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`[${response.status}] /mfe-manifest.json`);
  return (await response.json()) as RemoteManifest;
}
