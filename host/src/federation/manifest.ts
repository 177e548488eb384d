import { MFE_NAMES, STORAGE, type MfeName } from '@tours/shared';

/** One entry of /mfe-manifest.json: where a remote's mf-manifest.json is and which version it is. */
export interface ManifestEntry { url: string; version: string }
export type RemoteManifest = Partial<Record<MfeName, ManifestEntry>>;

export interface ResolvedRemote extends ManifestEntry { name: MfeName; overridden: boolean }

/** Developer overrides (like import-map-overrides): name → mf-manifest.json URL, kept in localStorage. */
export function readOverrides(storage: Storage = localStorage): Partial<Record<MfeName, string>> {
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

export function writeOverride(name: MfeName, url: string | null, storage: Storage = localStorage): void {
  const current = readOverrides(storage);
  if (url) current[name] = url;
  else delete current[name];
  if (Object.keys(current).length) storage.setItem(STORAGE.remoteOverrides, JSON.stringify(current));
  else storage.removeItem(STORAGE.remoteOverrides);
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
