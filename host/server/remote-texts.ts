/**
 * Each microfrontend's own texts, for the pages the host server writes: the catalogue of the route's owner (its
 * runtime manifest entry names a content-hashed file per locale) is fetched once per URL and kept, so the page
 * inlines it and the first visit needs no extra round trip. A catalogue that cannot be fetched in time is left
 * out: the browser fetches it itself when the microfrontend loads (host/src/i18n/remote-texts.ts).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** How long a page waits for a catalogue it has not seen yet; after a failure, when it is tried again. */
const FETCH_TIMEOUT_MS = 1500;
const RETRY_AFTER_MS = 10_000;
/** Content-hashed files never change: a new URL is a new release. 5 remotes × 4 locales × a few releases. */
const KEEP = 64;
const MAX_BYTES = 2 * 1024 * 1024;

export function createRemoteTexts(fetchImpl: typeof fetch = fetch, now: () => number = Date.now) {
  // Insertion order is age: past KEEP the oldest goes.
  const kept = new Map<string, { texts: CompiledMessages | null; at: number }>();
  const pending = new Map<string, Promise<CompiledMessages | null>>();

  async function load(url: string): Promise<CompiledMessages | null> {
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const body = res.ok ? await res.text() : '';
      if (!res.ok || body.length > MAX_BYTES) return null;
      const parsed = JSON.parse(body) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CompiledMessages) : null;
    } catch {
      return null;
    }
  }

  /** The catalogue at `url` (compiled), or null when it cannot be had now. */
  function get(url: string | undefined): Promise<CompiledMessages | null> {
    if (!url || !/^https?:\/\//.test(url)) return Promise.resolve(null);
    const hit = kept.get(url);
    if (hit && (hit.texts || now() - hit.at < RETRY_AFTER_MS)) return Promise.resolve(hit.texts);
    const running = pending.get(url);
    if (running) return running;
    const started = load(url).then((texts) => {
      pending.delete(url);
      kept.delete(url);
      kept.set(url, { texts, at: now() });
      if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
      return texts;
    });
    pending.set(url, started);
    return started;
  }
  return { get };
}

/** A compiled message as plain text when it is only literal text (what a page's <title> needs); else undefined. */
export function plainText(elements: MessageFormatElement[]): string | undefined {
  let out = '';
  for (const e of elements) {
    if (e.type !== 0) return undefined;
    out += e.value;
  }
  return out;
}
