import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { LifeCycles } from 'single-spa';
import { federationName, remotesAtom, type HostStore, type MfeName, type RemoteLoadState } from '@tours/shared';
import type { ResolvedRemote } from './manifest';
import { isChunkLoadError } from './loader-errors';


export interface RemoteLoader {
  /** single-spa `app` loader for a microfrontend: loading → (retry once) → lifecycles, or failed. */
  loadApp(name: MfeName): Promise<LifeCycles>;
  /** A parcel (modal) exposed by a microfrontend, e.g. loadModule('mfe-booking', './PrivateTourForm'). */
  loadModule<T>(name: MfeName, module: string): Promise<T>;
  setState(name: MfeName, state: RemoteLoadState, error?: string): void;
  remotes(): ResolvedRemote[];
}

export function createRemoteLoader(store: HostStore, remotesReady: Promise<ResolvedRemote[]>): RemoteLoader {
  let resolved: ResolvedRemote[] = [];
  const registered = remotesReady.then((list) => {
    resolved = list;
    registerRemotes(list.map((r) => ({ name: federationName(r.name), entry: r.url })));
    store.set(remotesAtom, Object.fromEntries(list.map((r) => [r.name, { name: r.name, url: r.url, version: r.version, overridden: r.overridden, state: 'idle' as const }])));
    return list;
  });

  const setState = (name: MfeName, state: RemoteLoadState, error?: string) => {
    const all = store.get(remotesAtom);
    const current = all[name];
    if (!current) return;
    store.set(remotesAtom, { ...all, [name]: { ...current, state, error } });
  };

  async function loadOnce<T>(name: MfeName, module: string): Promise<T> {
    const list = await registered;
    if (!list.some((r) => r.name === name)) throw new Error(`${name} is not in /mfe-manifest.json`);
    const mod = await loadRemote<T>(`${federationName(name)}/${module.replace(/^\.\//, '')}`);
    if (!mod) throw new Error(`${name} did not expose ${module}`);
    return mod;
  }

  async function loadModule<T>(name: MfeName, module: string): Promise<T> {
    try {
      return await loadOnce<T>(name, module);
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      // Forget the failed entry so the runtime fetches the manifest and remoteEntry again.
      const remote = resolved.find((r) => r.name === name);
      if (remote) registerRemotes([{ name: federationName(name), entry: remote.url }], { force: true });
      return loadOnce<T>(name, module);
    }
  }

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
      if (remote) registerRemotes([{ name: federationName(name), entry: remote.url }], { force: true });
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
