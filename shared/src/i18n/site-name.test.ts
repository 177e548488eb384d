/** @jest-environment node */
/**
 * One brand name, from one place (issue 17): `meta.siteName` names the site in each locale — page titles, the logo, the
 * footer, the tour's JSON-LD. The widgets' bundle carries only forms.* and widgets.* texts, so `widgets.siteName` is its
 * copy and must say the same; no other text may name the site otherwise (the logo once said 'Tours Marketplace').
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from './locales';

const ROOT = join(__dirname, '../../..');
const SHARED = join(__dirname, 'messages');
const REMOTES = readdirSync(ROOT).filter((d) => d.startsWith('mfe-')).map((d) => join(ROOT, d, 'src/i18n'));

function catalogue(locale: string): Record<string, string> {
  const shared = readdirSync(join(SHARED, locale)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(SHARED, locale, f), 'utf8')) as Record<string, string>);
  const remotes = REMOTES.flatMap((dir) => {
    try {
      return [JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>];
    } catch {
      return [];
    }
  });
  return Object.assign({}, ...shared, ...remotes);
}

const names = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l)['meta.siteName']!]));
const otherNames = (locale: string) => [...new Set(Object.entries(names).filter(([l, n]) => l !== locale && n !== names[locale]).map(([, n]) => n)), 'Tours Marketplace'];

describe.each(LOCALES)('the site name in %s', (locale) => {
  const messages = catalogue(locale);

  test('meta.siteName is there, and the widgets say the same', () => {
    expect(names[locale]).toBeTruthy();
    expect(messages['widgets.siteName']).toBe(names[locale]);
  });

  test('no other key holds a brand name of its own', () => {
    expect(Object.keys(messages).filter((k) => /(brand|sitename)$/i.test(k)).sort()).toEqual(['meta.siteName', 'widgets.siteName']);
  });

  test("no text names the site otherwise (another locale's name, the old 'Tours Marketplace')", () => {
    const others = otherNames(locale);
    expect(Object.entries(messages).filter(([, text]) => others.some((n) => text.includes(n))).map(([k]) => k)).toEqual([]);
  });
});
