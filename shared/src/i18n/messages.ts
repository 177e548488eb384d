import type { MessageFormatElement } from 'react-intl';
import { MESSAGES_CACHE_MS, STORAGE } from '../config/storage-names';
import type { Locale } from './locales';

/**
 * A catalogue: ICU strings (tests, tools) or messages the host server precompiled to ASTs, so browsers
 * ship without the ICU parser.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

interface CacheEntry { at: number; messages: Messages }

function readCache(locale: Locale, now: number): Messages | null {
  try {
    const raw = localStorage.getItem(`${STORAGE.messagesCache}:${locale}`);
    if (!raw) return null;
    const entry = JSON.parse(raw) as CacheEntry;
    return now - entry.at < MESSAGES_CACHE_MS ? entry.messages : null;
  } catch {
    return null;
  }
}

/**
 * Loads a locale catalogue from the host server, cached for 24 hours (§9).
 * A failed load only warns (§8) and returns null, so the caller keeps what it has.
 */
export async function loadMessages(locale: Locale, opts: { fetch?: typeof fetch; now?: number; version?: string } = {}): Promise<Messages | null> {
  const now = opts.now ?? Date.now();
  const cached = readCache(locale, now);
  if (cached) return cached;
  try {
    const response = await (opts.fetch ?? fetch)(`/i18n/${locale}.json${opts.version ? `?v=${opts.version}` : ''}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const messages = (await response.json()) as Messages;
    try { localStorage.setItem(`${STORAGE.messagesCache}:${locale}`, JSON.stringify({ at: now, messages })); } catch { /* storage full or blocked */ }
    return messages;
  } catch (error) {
    console.warn(`Locale messages for ${locale} failed to load: ${(error as Error).message}`);
    return null;
  }
}

export function cacheMessages(locale: Locale, messages: Messages, now = Date.now()): void {
  try { localStorage.setItem(`${STORAGE.messagesCache}:${locale}`, JSON.stringify({ at: now, messages })); } catch { /* ignore */ }
}
