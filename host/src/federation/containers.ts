/**
 * Loading federated microfrontends with webpack 5's own container runtime (issue 33: it does what the site uses —
 * remotes found at run time, singletons shared — in about 3 KB instead of the 27 KB + 6 KB a remote of the
 * @module-federation/enhanced runtime; docs/decisions.md 'Fast on a cheap phone (issue 33): the federation runtime').
 *
 * A remote's build (scripts/webpack/make-config.js) is a container: its remoteEntry.js defines a global named after
 * it (mfe_tour) with `init(shareScope)` and `get('./module')`. The host initialises webpack's default share scope
 * with its own singletons (React, jotai, react-intl, shared/core), hands it to each container once, and asks the
 * container for a module. Webpack's runtime keeps a singleton that is already loaded (the host's), so one React runs
 * the page whichever versions the remotes were built with (the publish check refuses incompatible ones).
 */

export interface Container {
  init(shareScope: unknown): void | Promise<void>;
  get<T>(module: string): Promise<() => T>;
}

export interface ContainerDeps {
  /** Adds `<script src>` and resolves when it ran (rejects when it did not arrive). */
  loadScript(url: string): Promise<void>;
  /** Where remoteEntry.js defines its container (window). */
  globals: Record<string, unknown>;
  /** webpack's `__webpack_init_sharing__('default')` and the scope it fills. */
  initSharing(): Promise<void>;
  shareScope(): unknown;
}

/** The remote's entry script, beside its mf-manifest.json (the URL the runtime manifest and overrides name). */
export function remoteEntryUrl(url: string): string {
  return /\.js(\?|#|$)/.test(url) ? url : new URL('remoteEntry.js', url).toString();
}

/** Thrown when a remote's entry did not arrive or did not define its container: worth one more try. */
class ScriptExternalLoadError extends Error {
  override name = 'ScriptExternalLoadError';
}

export interface Containers {
  /**
   * The module `module` ('./app') of the container `name` (mfe_tour) whose entry is at `url`. An entry that failed
   * is fetched again by the next load; a container that started stays (its own runtime requests a failed chunk anew).
   */
  load<T>(name: string, url: string, module: string): Promise<T>;
}

export function createContainers(deps: ContainerDeps = browserDeps()): Containers {
  const started = new Map<string, { url: string; container: Promise<Container> }>();

  async function start(name: string, url: string): Promise<Container> {
    await deps.initSharing();
    delete deps.globals[name];
    await deps.loadScript(remoteEntryUrl(url)).catch((error: unknown) => {
      throw new ScriptExternalLoadError(`Failed to load script ${remoteEntryUrl(url)} of ${name}: ${(error as Error)?.message ?? error}`);
    });
    const container = deps.globals[name] as Container | undefined;
    if (!container || typeof container.get !== 'function') throw new ScriptExternalLoadError(`${remoteEntryUrl(url)} did not define the container ${name}`);
    await container.init(deps.shareScope());
    return container;
  }

  function containerOf(name: string, url: string): Promise<Container> {
    const known = started.get(name);
    if (known && known.url === url) return known.container;
    const container = start(name, url);
    started.set(name, { url, container });
    // A failed start is forgotten at once: the next load (a retry) fetches the entry again.
    container.catch(() => {
      if (started.get(name)?.container === container) started.delete(name);
    });
    return container;
  }

  return {
    async load<T>(name: string, url: string, module: string): Promise<T> {
      const container = await containerOf(name, url);
      const factory = await container.get<T>(module);
      return factory();
    },
  };
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

function browserDeps(): ContainerDeps {
  return {
    globals: window as unknown as Record<string, unknown>,
    initSharing: () => __webpack_init_sharing__('default'),
    shareScope: () => __webpack_share_scopes__.default,
    loadScript: (url) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.onload = () => {
          script.remove();
          resolve();
        };
        script.onerror = () => {
          script.remove();
          reject(new Error('the script did not load'));
        };
        document.head.appendChild(script);
      }),
  };
}
