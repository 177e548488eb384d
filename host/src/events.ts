import type { HostEvents } from '@tours/shared/contract';

type Handler<K extends keyof HostEvents> = (payload: HostEvents[K]) => void;

/** The host's side of `HostContext.emit`: microfrontends emit, host features listen. */
export function createHostEvents() {
  const handlers = new Map<keyof HostEvents, Set<Handler<never>>>();
  return {
    on<K extends keyof HostEvents>(event: K, handler: Handler<K>): () => void {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(event, set);
      return () => set.delete(handler as Handler<never>);
    },
    emit<K extends keyof HostEvents>(event: K, payload: HostEvents[K]): void {
      for (const h of handlers.get(event) ?? []) (h as Handler<K>)(payload);
    },
  };
}
export type HostEventBus = ReturnType<typeof createHostEvents>;
