import type { HostContext } from './host';
import type { MfeName } from './names';

/**
 * Work an area does for the host away from its own screens, by key: `{area}/{service}` → the props the host starts it
 * with (issue 29: the header's unread count kept live on every page). The owner (`mfe-{area}`) exposes
 * `./service/{service}`, a module with `start(host, props)` that answers the function stopping it. The host starts a
 * service only when it is needed and after the page is interactive, so its code and connections cost nothing to a
 * visitor who does not need them; a release of the owner without it only leaves the host without that service.
 * Adding one: a line here and in SERVICE_KEYS, and the exposed module in the owner; `services.test.ts` checks it.
 */
export interface ServiceRegistry {
  /**
   * The signed-in traveller's unread chat count, live (mfe-comms, through its chat socket): emits 'chat:unread' with
   * every new value until stopped. `token` is the session's (the marker the page holds).
   */
  'comms/unread': { token: string };
}

export type ServiceKey = keyof ServiceRegistry;
export type ServiceProps<K extends ServiceKey> = ServiceRegistry[K];

/** What `./service/{service}` exports. */
export interface ServiceModule<K extends ServiceKey> {
  start(host: HostContext, props: ServiceProps<K>): () => void;
}

/** Every key of the registry at run time (the compiler checks the list is complete and exact). */
export const SERVICE_KEYS = ['comms/unread'] as const satisfies readonly ServiceKey[];
type Missing = Exclude<ServiceKey, (typeof SERVICE_KEYS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** Where a service lives: the owner's remote and its exposed module. */
export function serviceAddress(key: ServiceKey): { remote: MfeName; module: string } {
  const slash = key.indexOf('/');
  return { remote: `mfe-${key.slice(0, slash)}` as MfeName, module: `./service/${key.slice(slash + 1)}` };
}
