/**
 * Every catalogue — shared's (the host's and the kit's texts) and each microfrontend's own (mfe-…/src/i18n) — has
 * the same keys in en, cn, de and ru, and every text is valid ICU (the host server and the remotes' builds compile
 * them; a broken one would fail a page or a deploy).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { messageIdsIn, missingIds } from './i18n-ids';

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

/* Issue 30: every id the code names exists in every locale. A microfrontend's code may use shared's ids and its own;
   the host, the kit and the widgets only shared's. */
describe('every message id used in code is in all four catalogues', () => {
  const sources = (dir: string): Array<{ file: string; source: string }> =>
    (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => ({ file: `${dir}/${f}`, source: readFileSync(path.join(ROOT, dir, f), 'utf8') }));
  const localesOf = (load: (locale: string) => Record<string, string>[]) =>
    Object.fromEntries(LOCALES.map((l) => [l, Object.assign({}, ...load(l)) as Record<string, string>]));
  const areas: Array<[string, string[], Record<string, Record<string, string>>]> = [
    ['host, shared and widgets', ['host/src', 'shared/src', 'widgets/src'], localesOf((l) => [sharedCatalogue(l)])],
    ...catalogues.filter(([name]) => name !== 'shared').map(([name, load]): [string, string[], Record<string, Record<string, string>>] =>
      [name, [`${name}/src`], localesOf((l) => [sharedCatalogue(l), load(l)])]),
  ];

  test.each(areas)('%s', (_name, dirs, locales) => {
    const files = dirs.flatMap(sources);
    expect(files.flatMap((f) => messageIdsIn(f.source)).length).toBeGreaterThan(10);
    expect(missingIds(files, locales)).toEqual([]);
  });

  const fixture = { en: { 'tour.title': 'Tour', 'tour.days': '{n} days' }, de: { 'tour.title': 'Tour', 'tour.days': '{n} Tage' } };
  test.each([
    ['t() with a known id', `t('tour.title')`, []],
    ['t() with values', `t('tour.days', { n: 2 })`, []],
    ['a made-up id in t()', `t('tour.madeUp')`, ['x.tsx: tour.madeUp (en)', 'x.tsx: tour.madeUp (de)']],
    ['formatMessage', `intl.formatMessage({ id: 'tour.nope' })`, ['x.tsx: tour.nope (en)', 'x.tsx: tour.nope (de)']],
    ['FormattedMessage', `<FormattedMessage id="tour.gone" />`, ['x.tsx: tour.gone (en)', 'x.tsx: tour.gone (de)']],
    ['a toast messageId', `host.toast({ kind: 'error', messageId: 'tour.lost' })`, ['x.tsx: tour.lost (en)', 'x.tsx: tour.lost (de)']],
    ['an id only one locale lacks', `t('tour.extra')`, ['x.tsx: tour.extra (de)']],
    ['test( and split( are not t(', `test('tour.x'); s.split('.')`, []],
  ])('the check: %s', (_case, source, expected) => {
    const locales = _case === 'an id only one locale lacks' ? { en: { ...fixture.en, 'tour.extra': 'x' }, de: fixture.de } : fixture;
    expect(missingIds([{ file: 'x.tsx', source }], locales)).toEqual(expected);
  });
});
