import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES, type Locale } from '@tours/shared/src/i18n/locales';

type CompiledMessages = Record<string, MessageFormatElement[]>;
export interface Catalogues {
  messages: Record<Locale, Record<string, string>>;
  /** ICU messages parsed once here: the browser bundles react-intl without its parser. */
  compiled: Record<Locale, CompiledMessages>;
  version: string;
}

/**
 * Merges the namespace files of shared/src/i18n/messages/{locale}/*.json into one catalogue per locale.
 * A key missing in a locale falls back to en, so a half-translated namespace never shows raw ids.
 */
export function loadCatalogues(dir: string): Catalogues {
  const read = (locale: Locale): Record<string, string> => {
    const folder = path.join(dir, locale);
    const out: Record<string, string> = {};
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
      Object.assign(out, JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>);
    }
    return out;
  };
  const en = read('en');
  const messages = Object.fromEntries(LOCALES.map((l) => [l, l === 'en' ? en : { ...en, ...read(l) }])) as Record<Locale, Record<string, string>>;
  const version = createHash('sha1').update(JSON.stringify(messages)).digest('hex').slice(0, 10);
  const compiled = Object.fromEntries(LOCALES.map((l) => [l, compileCatalogue(messages[l])])) as Record<Locale, CompiledMessages>;
  return { messages, compiled, version };
}

function compileCatalogue(messages: Record<string, string>): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [id, text] of Object.entries(messages)) {
    try {
      out[id] = parse(text);
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return out;
}
