import { MFE_NAMES, STORAGE, isAllowedOrigin, type Locale, type MfeName } from '@tours/shared/contract';

/** One entry of /mfe-manifest.json as the browser uses it (format: shared/src/contract/runtime-manifest.ts). */
interface ManifestEntry { url: string; version: string; i18n?: Partial<Record<Locale, string>>; previous?: { url: string; version: string } }
export type RemoteManifest = Partial<Record<MfeName, ManifestEntry>>;

/**
 * A remote as the host uses it: `entry` is where its container is loaded from (its mf-manifest.json URL, beside which
 * is its remoteEntry.js: ./containers.ts), the override's when there is one; `url` is shown by the overlay and banner.
 */
export interface ResolvedRemote extends ManifestEntry { name: MfeName; overridden: boolean; entry: string }

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
    if (override) out.push({ name, url: override, entry: override, version: entry?.version ?? 'override', overridden: true });
    else if (entry && typeof entry.url === 'string') {
      out.push({
        name, url: entry.url, entry: entry.url, version: String(entry.version ?? ''), overridden: false,
        ...(entry.i18n && typeof entry.i18n === 'object' ? { i18n: entry.i18n } : {}),
        ...(entry.previous && typeof entry.previous.url === 'string' ? { previous: { url: entry.previous.url, version: String(entry.previous.version ?? '') } } : {}),
      });
    }
  }
  return out;
}

/** Fetched fresh on every page load (the server sends it with no-cache), so a new remote build is seen on the next load. */
export async function fetchManifest(fetchImpl: typeof fetch = fetch): Promise<RemoteManifest> {
  const response = await fetchImpl('/mfe-manifest.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`[${response.status}] /mfe-manifest.json`);
  return (await response.json()) as RemoteManifest;
}

/** A build's own list of its catalogues (mfe.json beside its mf-manifest.json), fetched once per build. */
const buildTexts = new Map<string, Promise<Partial<Record<Locale, string>> | undefined>>();

/**
 * The catalogue URLs of a remote: its manifest entry's; for an override (a build served elsewhere) or an entry
 * written without them (by hand, or by an older publish), what the build's own mfe.json names.
 */
export function textUrlsOf(remote: ResolvedRemote | undefined, fetchImpl: typeof fetch = fetch): Promise<Partial<Record<Locale, string>> | undefined> {
  if (!remote) return Promise.resolve(undefined);
  if (!remote.overridden && remote.i18n) return Promise.resolve(remote.i18n);
  let found = buildTexts.get(remote.url);
  if (!found) {
    found = fetchImpl(new URL('mfe.json', remote.url).href)
      .then((res): Promise<{ i18n?: Record<string, string> }> => (res.ok ? res.json() : Promise.resolve({})))
      .then((meta) => Object.fromEntries(Object.entries(meta.i18n ?? {}).map(([l, file]) => [l, new URL(file, remote.url).href])))
      .catch(() => {
        buildTexts.delete(remote.url);
        return undefined;
      });
    buildTexts.set(remote.url, found);
  }
  return found;
}
