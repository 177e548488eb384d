/**
 * The runtime manifest (/mfe-manifest.json): where each microfrontend is deployed and what it declares. Written by
 * publishing a remote (scripts/publish-remote.mjs), read by the host server on every request and by the host in
 * the browser at load, so a remote's new build, routes and texts go live without a host build or restart.
 *
 * {
 *   "host": { "contract": "0.2.0", "react": "19.1.0" },          what the deployed host supports
 *   "mfe-tour": { "url": ".../mf-manifest.json", "version": "0.1.3", "contract": "0.2.0",
 *                 "routes": [...], "i18n": { "en": ".../i18n/en.1a2b3c4d.json", ... },
 *                 "previous": { the entry this one replaced } },            a rollback = move it back up
 *   "widgets": { "url": ".../loader.js" }
 * }
 * Pure (no DOM, no node): the host server and the browser read it with this; scripts/lib/publish.mjs writes it.
 */
import { LOCALES, type Locale } from '../i18n/locales';
import { ROUTE_CHECKS, type RouteCheckName, type RouteDef } from '../routing/routes';
import { MFE_NAMES, type MfeName } from './names';

export interface RemoteRelease {
  /** The remote's mf-manifest.json. */
  url: string;
  version: string;
  /** The contract (shared package) version the remote was built against. */
  contract?: string;
  /** Routes the remote declares itself, beyond the contract's table (routing/routes.ts routeTable). */
  routes?: RouteDef[];
  /** The remote's own texts per locale: compiled catalogues, content-hashed. */
  i18n?: Partial<Record<Locale, string>>;
}
export interface RemoteEntry extends RemoteRelease {
  /** The release this one replaced, kept so a deploy can be rolled back by editing one entry. */
  previous?: RemoteRelease;
}
export interface HostRecord { contract: string; react: string }

export interface RuntimeManifest {
  host?: HostRecord;
  remotes: Partial<Record<MfeName, RemoteEntry>>;
  /** Every remote's declared routes, checked (owner is the remote; shape sound). */
  routes: RouteDef[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const SEGMENT = /^(?:[a-z0-9][a-z0-9._~-]*|:\w+(?:\(-\\d\+\))?[?*]?)$/i;

/** A declared route as the manifest holds it; null when it is unsound or claims another owner. */
export function declaredRoute(value: unknown, owner: MfeName): RouteDef | null {
  if (!isObject(value) || !isString(value.name) || !/^[a-z][a-z0-9-]{0,63}$/.test(value.name) || !isObject(value.paths)) return null;
  const paths: RouteDef['paths'] = { base: '' };
  for (const key of ['base', 'cn', 'de'] as const) {
    const p = value.paths[key];
    if (p === undefined && key !== 'base') continue;
    if (!isString(p) || !p.startsWith('/') || p.length > 200 || !p.split('/').slice(1).every((s) => SEGMENT.test(s))) return null;
    paths[key] = p;
  }
  if (value.owner !== undefined && value.owner !== owner) return null;
  // A check the host server knows may be named (issue 29: the organizer-meet key); any other value is left out.
  const validate = (ROUTE_CHECKS as readonly unknown[]).includes(value.validate) ? { validate: value.validate as RouteCheckName } : {};
  return { name: value.name, owner, paths, ...(value.fullHeader === true ? { fullHeader: true } : {}), ...validate };
}

function release(value: Record<string, unknown>, name: MfeName): RemoteRelease | null {
  if (!isString(value.url)) return null;
  const out: RemoteRelease = { url: value.url, version: isString(value.version) ? value.version : String(value.version ?? '') };
  if (isString(value.contract)) out.contract = value.contract;
  if (Array.isArray(value.routes)) out.routes = value.routes.map((r) => declaredRoute(r, name)).filter((r): r is RouteDef => r !== null);
  if (isObject(value.i18n)) {
    const i18n: Partial<Record<Locale, string>> = {};
    for (const l of LOCALES) if (isString(value.i18n[l])) i18n[l] = value.i18n[l];
    out.i18n = i18n;
  }
  return out;
}

/** Reads a runtime manifest leniently: an unsound entry or route is left out, never thrown on. */
export function parseRuntimeManifest(value: unknown): RuntimeManifest {
  const out: RuntimeManifest = { remotes: {}, routes: [] };
  if (!isObject(value)) return out;
  if (isObject(value.host) && isString(value.host.contract) && isString(value.host.react)) out.host = { contract: value.host.contract, react: value.host.react };
  for (const name of MFE_NAMES) {
    const raw = value[name];
    if (!isObject(raw)) continue;
    const current = release(raw, name);
    if (!current) continue;
    const previous = isObject(raw.previous) ? release(raw.previous, name) : null;
    out.remotes[name] = previous ? { ...current, previous } : current;
    out.routes.push(...(current.routes ?? []));
  }
  return out;
}
