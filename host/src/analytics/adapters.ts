/**
 * Analytics adapters (issue 32, §3.8 `metrics`): what the site does with page views once the visitor's cookie choice
 * allows it. Loaded with Analytics.tsx as one chunk, only on a site with ids (host/src/layout/Layout.tsx): none of it is
 * in the first-visit code, and nothing is recorded or reaches outside before consent.
 * - recordingAdapter (the default): keeps the events in the page (window.__analyticsEvents), for the suites and for
 *   an operator checking the ids; it makes no request.
 * - counterScriptAdapter: a real counter — injects each service's script (its address built from the id) on start.
 *   No counter addresses are in the spec, so the host does not use it yet (docs/decisions.md, issue 32).
 */
export interface AnalyticsEvent { name: string; params?: Record<string, string | number> }
export type MetricIds = Readonly<Record<string, string>>;

export interface AnalyticsAdapter {
  /** Consent given: load what the services need (once). */
  start(ids: MetricIds): void;
  track(event: AnalyticsEvent): void;
}

interface RecordedEvent extends AnalyticsEvent { ids: MetricIds }

declare global {
  interface Window { __analyticsEvents?: RecordedEvent[] }
}

export function recordingAdapter(win: Window = window): AnalyticsAdapter {
  let ids: MetricIds = {};
  return {
    start(given) {
      ids = given;
      win.__analyticsEvents ??= [];
    },
    track(event) {
      (win.__analyticsEvents ??= []).push({ ...event, ids });
    },
  };
}

/** Script address per service, from its id; only known services with a valid id get a script. */
export type CounterScripts = Readonly<Record<string, (id: string) => string>>;

export function counterScriptAdapter(scripts: CounterScripts, doc: Document = document): AnalyticsAdapter & { queue: AnalyticsEvent[] } {
  const queue: AnalyticsEvent[] = [];
  let started = false;
  return {
    queue,
    start(ids) {
      if (started) return;
      started = true;
      for (const [service, id] of Object.entries(ids)) {
        const src = scripts[service]?.(encodeURIComponent(id));
        if (!src) continue;
        const script = doc.createElement('script');
        script.async = true;
        script.src = src;
        script.dataset.analytics = service;
        doc.head.appendChild(script);
      }
    },
    track(event) {
      if (started) queue.push(event);
    },
  };
}

/**
 * The consent gate: before allow() the adapter is never started and events are dropped (not queued: a page view
 * from before the choice is not the visitor's to give); after it, the adapter starts once and events flow.
 */
export function consentGate(ids: MetricIds, adapter: AnalyticsAdapter) {
  let allowed = false;
  return {
    allow() {
      if (allowed) return;
      allowed = true;
      adapter.start(ids);
    },
    track(event: AnalyticsEvent) {
      if (allowed) adapter.track(event);
    },
    get allowed() {
      return allowed;
    },
  };
}
