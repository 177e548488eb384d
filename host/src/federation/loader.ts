import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { federationName, type HostStore, type MfeName } from '@tours/shared/contract';
import { remotesAtom, type RemoteLoadState } from './remotes-state';
import type { ResolvedRemote } from './manifest';


export interface RemoteLoader {
  /** single-spa `app` loader for a microfrontend: loading → lifecycles, or failed (the runtime retried once). */
  loadApp(name: MfeName): Promise<LifeCycles>;
  /**
   * A module exposed by a microfrontend, e.g. a registered modal: loadModule('mfe-booking', './modal/private-tour').
   * `texts: false` for one that shows nothing (a service): the area's catalogue is not fetched for it.
   */
  loadModule<T>(name: MfeName, module: string, o?: { texts?: boolean }): Promise<T>;
  setState(name: MfeName, state: RemoteLoadState, error?: string): void;
  remotes(): ResolvedRemote[];
}

/**
 * `texts`: merges a remote's own catalogue before anything of it mounts (host/src/i18n/remote-texts.ts); it never
 * fails a load.
 */
export function createRemoteLoader(store: HostStore, remotesReady: Promise<ResolvedRemote[]>, texts?: { ensure(name: MfeName): Promise<void> }): RemoteLoader {
  let resolved: ResolvedRemote[] = [];
  const registered = remotesReady.then((list) => {
    resolved = list;
    registerRemotes(list.map((r) => ({ name: federationName(r.name), entry: r.entry })));
    store.set(remotesAtom, Object.fromEntries(list.map((r) => [r.name, { name: r.name, url: r.url, version: r.version, overridden: r.overridden, state: 'idle' as const, ...(r.previous ? { previous: r.previous } : {}) }])));
    return list;
  });

  const setState = (name: MfeName, state: RemoteLoadState, error?: string) => {
    const all = store.get(remotesAtom);
    const current = all[name];
    if (!current) return;
    store.set(remotesAtom, { ...all, [name]: { ...current, state, error } });
  };

  async function loadOnce<T>(name: MfeName, module: string, o: { texts?: boolean } = {}): Promise<T> {
    const list = await registered;
    if (!list.some((r) => r.name === name)) throw new Error(`${name} is not in /mfe-manifest.json`);
    const [mod] = await Promise.all([loadRemote<T>(`${federationName(name)}/${module.replace(/^\.\//, '')}`), o.texts === false ? undefined : texts?.ensure(name)]);
    if (!mod) throw new Error(`${name} did not expose ${module}`);
    return mod;
  }

  /** Retry and overrides are the runtime's own plugins (./plugins.ts), registered at boot. */
  const loadModule = loadOnce;

  async function loadApp(name: MfeName): Promise<LifeCycles> {
    // The slot exists in the store once the manifest is registered; only then can its state change.
    await registered.catch(() => undefined);
    setState(name, 'loading');
    try {
      const lifecycles = await loadModule<LifeCycles>(name, './app');
      return wrapLifecycles(lifecycles, (state) => setState(name, state));
    } catch (error) {
      setState(name, 'failed', (error as Error).message);
      // Let the next attempt (Retry) fetch everything again.
      const remote = resolved.find((r) => r.name === name);
      if (remote) registerRemotes([{ name: federationName(name), entry: remote.entry }], { force: true });
      throw error;
    }
  }

  return { loadApp, loadModule, setState, remotes: () => resolved };
}

type Lifecycle = LifeCycles['mount'];
const asArray = (fn: Lifecycle | undefined): Lifecycle[] => (fn ? (Array.isArray(fn) ? fn : [fn]) : []);

/** Adds the slot's state changes around the microfrontend's own lifecycles. */
function wrapLifecycles(lc: LifeCycles, onState: (s: RemoteLoadState) => void): LifeCycles {
  const mark = (state: RemoteLoadState) => async () => onState(state);
  return {
    bootstrap: asArray(lc.bootstrap),
    mount: [...asArray(lc.mount), mark('mounted')],
    unmount: [...asArray(lc.unmount), mark('loaded')],
    ...(lc.update ? { update: lc.update } : {}),
  } as LifeCycles;
}
