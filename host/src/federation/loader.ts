import type { LifeCycles } from 'single-spa';
import { federationName, type HostStore, type MfeName } from '@tours/shared/contract';
import { remotesAtom, type RemoteLoadState } from './remotes-state';
import type { ResolvedRemote } from './manifest';
import { createContainers, type Containers } from './containers';
import { isChunkLoadError } from './loader-errors';

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
export function createRemoteLoader(store: HostStore, remotesReady: Promise<ResolvedRemote[]>, texts?: { ensure(name: MfeName): Promise<void> }, containers: Containers = createContainers()): RemoteLoader {
  let resolved: ResolvedRemote[] = [];
  const registered = remotesReady.then((list) => {
    resolved = list;
    store.set(remotesAtom, Object.fromEntries(list.map((r) => [r.name, { name: r.name, url: r.url, version: r.version, overridden: r.overridden, state: 'idle' as const, ...(r.previous ? { previous: r.previous } : {}) }])));
    return list;
  });

  const setState = (name: MfeName, state: RemoteLoadState, error?: string) => {
    const all = store.get(remotesAtom);
    const current = all[name];
    if (!current) return;
    store.set(remotesAtom, { ...all, [name]: { ...current, state, error } });
  };

  /**
   * A remote whose entry or chunk did not arrive (a network blip, a deploy in progress) is loaded once more: a failed
   * entry is fetched again, a failed chunk requested again by the container; a second failure is the caller's (the
   * slot shows its fallback with Retry, which goes through here again).
   */
  async function fetchModule<T>(remote: ResolvedRemote, module: string): Promise<T> {
    const container = federationName(remote.name);
    try {
      return await containers.load<T>(container, remote.entry, module);
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      return containers.load<T>(container, remote.entry, module);
    }
  }

  async function loadModule<T>(name: MfeName, module: string, o: { texts?: boolean } = {}): Promise<T> {
    const list = await registered;
    const remote = list.find((r) => r.name === name);
    if (!remote) throw new Error(`${name} is not in /mfe-manifest.json`);
    const [mod] = await Promise.all([fetchModule<T>(remote, module), o.texts === false ? undefined : texts?.ensure(name)]);
    if (!mod) throw new Error(`${name} did not expose ${module}`);
    return mod;
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
