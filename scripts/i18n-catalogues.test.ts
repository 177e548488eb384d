/**
 * Every catalogue — shared's (the host's and the kit's texts) and each microfrontend's own (mfe-…/src/i18n) — has
 * the same keys in en, cn, de and ru, and every text is valid ICU (the host server and the remotes' builds compile
 * them; a broken one would fail a page or a deploy).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

const ROOT = path.resolve(__dirname, '..');
const LOCALES = ['en', 'cn', 'de', 'ru'] as const;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

function sharedCatalogue(locale: string): Record<string, string> {
  const dir = path.join(ROOT, 'shared/src/i18n/messages', locale);
  return Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => read(path.join(dir, f))));
}

const catalogues: Array<[string, (locale: string) => Record<string, string>]> = [
  ['shared', sharedCatalogue],
  ...readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-') && existsSync(path.join(ROOT, d, 'src/i18n/en.json')))
    .map((d): [string, (locale: string) => Record<string, string>] => [d, (locale) => read(path.join(ROOT, d, `src/i18n/${locale}.json`))]),
];

describe.each(catalogues)('%s catalogue', (_name, load) => {
  test.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (locale) => {
    const en = Object.keys(load('en')).sort();
    expect(Object.keys(load(locale)).sort()).toEqual(en);
  });

  test.each([...LOCALES])('%s: every text is valid ICU', (locale) => {
    const broken = Object.entries(load(locale)).filter(([, text]) => {
      try {
        parse(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
  });
});

test('a microfrontend owns its keys: none of them is also in shared or another microfrontend', () => {
  const owners = new Map<string, string>();
  const clashes: string[] = [];
  for (const [name, load] of catalogues) {
    for (const key of Object.keys(load('en'))) {
      const other = owners.get(key);
      if (other) clashes.push(`${key}: ${other} and ${name}`);
      owners.set(key, name);
    }
  }
  expect(clashes).toEqual([]);
});
