/**
 * The host's federation runtime plugins (module-federation/core's hook-based plugins, registered once at boot):
 * the runtime itself retries and applies overrides, so every loadRemote (a screen, a modal) gets both alike.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { federationName, type MfeName } from '@tours/shared/contract';
import { isChunkLoadError } from './loader-errors';

/**
 * A remote whose manifest, entry or chunk did not arrive (a network blip, a deploy in progress) is registered again,
 * which makes the runtime forget the failed entry and fetch it anew, and loaded once more. A second failure is the
 * caller's (the slot shows its fallback with Retry).
 */
export function retryOncePlugin(isRetryable: (error: unknown) => boolean = isChunkLoadError): ModuleFederationRuntimePlugin {
  const retrying = new Set<string>();
  return {
    name: 'tours-retry-once',
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      // 'onLoad' is where every failure of a loadRemote ends up (a failed manifest fetch too, after 'afterResolve').
      if (lifecycle !== 'onLoad' || retrying.has(id) || !isRetryable(error)) return undefined;
      const remote = origin.options.remotes.find((r) => id === r.name || id.startsWith(`${r.name}/`));
      if (!remote) return undefined;
      retrying.add(id);
      try {
        origin.registerRemotes([remote], { force: true });
        return await origin.loadRemote(id);
      } finally {
        retrying.delete(id);
      }
    },
  };
}

/**
 * Developer overrides (federation/manifest.ts readOverrides: allowed origins only): a remote registered under its
 * manifest URL is registered under the override instead.
 */
export function overridesPlugin(overrides: Partial<Record<MfeName, string>>): ModuleFederationRuntimePlugin {
  const byContainer = new Map(Object.entries(overrides).map(([name, url]) => [federationName(name as MfeName), url]));
  return {
    name: 'tours-overrides',
    beforeRegisterRemote(args) {
      const url = byContainer.get(args.remote.name);
      if (url && 'entry' in args.remote) args.remote = { ...args.remote, entry: url };
      return args;
    },
  };
}
