import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage, compileMessages } from './compile-messages';
import { formatMessage as formatCompiled, translator, type FormatValues } from './format';

/** A text as the bundles format it: compiled at build time, filled in at run time. */
const formatMessage = (message: string, values?: FormatValues) => formatCompiled(compileMessage(message), values);

const MESSAGES = join(__dirname, '../../../shared/src/i18n/messages');
const read = (locale: string, ns: string) => JSON.parse(readFileSync(join(MESSAGES, locale, `${ns}.json`), 'utf8')) as Record<string, string>;
const LOCALES = ['en', 'cn', 'de', 'ru'];

describe('the widgets’ message compiler and formatter', () => {
  test.each<[string, Record<string, unknown>, unknown]>([
    ['Request #{requestId} has been sent', { requestId: 4817 }, 'Request #4817 has been sent'],
    ['Minimum {length} characters', { length: 3 }, 'Minimum 3 characters'],
    ["We'll call you", {}, "We'll call you"],
    ["It''s {name}", { name: 'Anna' }, "It's Anna"],
    ["Use '{braces}' literally", {}, 'Use {braces} literally'],
    ['Missing {value}', {}, 'Missing {value}'],
    ['Заявка #{requestId} отправлена', { requestId: 7 }, 'Заявка #7 отправлена'],
  ])('%p', (message, values, expected) => {
    expect(formatMessage(message, values as never)).toBe(expected);
  });

  test('rich text tags call their functions with the formatted chunks', () => {
    const out = formatMessage('Agree to <terms>Terms of {site}</terms> and <privacy>Privacy</privacy> when you click "{button}"', {
      site: 'Tours', button: 'Submit', terms: (c: unknown[]) => ({ link: 'terms', text: c.join('') }), privacy: (c: unknown[]) => ({ link: 'privacy', text: c.join('') }),
    } as never);
    expect(out).toEqual(['Agree to ', { link: 'terms', text: 'Terms of Tours' }, ' and ', { link: 'privacy', text: 'Privacy' }, ' when you click "', 'Submit', '"']);
    // Only text: one string.
    expect(formatMessage('<b>{x}</b>!', { x: 1, b: (c) => `*${c.join('')}*` })).toBe('*1*!');
  });

  test('texts compile to themselves when they have no argument or tag, else to their parts', () => {
    expect(compileMessage("We'll call you, it''s '{free}'")).toBe("We'll call you, it's {free}");
    expect(compileMessage('Request #{requestId} has been sent')).toEqual(['Request #', ['requestId'], ' has been sent']);
    expect(compileMessage('on <link>{site}</link>!')).toEqual(['on ', ['link', [['site']]], '!']);
    expect(() => compileMessage('{count, plural, one {# tour} other {# tours}}')).toThrow(/plural or select/);
  });

  test('every widget text of every locale compiles', () => {
    for (const locale of LOCALES) expect(() => compileMessages({ ...read(locale, 'forms'), ...read(locale, 'widgets') })).not.toThrow();
  });

  test('a missing key shows the key and logs', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(translator({})('widgets.nope')).toBe('widgets.nope');
    expect(error).toHaveBeenCalledWith('Missing widget text widgets.nope');
    error.mockRestore();
  });
});

describe('widget texts in the catalogues', () => {
  const namespaces = ['forms', 'widgets'];
  test.each(LOCALES.flatMap((l) => namespaces.map((ns) => [l, ns])))('%s/%s.json has every en key, translated', (locale, ns) => {
    const en = read('en', ns);
    const texts = read(locale, ns);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect(text.trim()).not.toBe('');
      // The placeholders and tags of every translation are those of en.
      const marks = (t: string) => [...t.matchAll(/\{(\w+)\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();
      expect([key, marks(text)]).toEqual([key, marks(en[key]!)]);
    }
  });

  test.each(LOCALES)('%s: no widget text needs plural or select (the formatter does not do them)', (locale) => {
    for (const ns of namespaces) for (const text of Object.values(read(locale, ns))) expect(text).not.toMatch(/\{\s*\w+\s*,/);
  });

  test('no other namespace uses the forms. or widgets. prefixes', () => {
    for (const file of readdirSync(join(MESSAGES, 'en')).filter((f) => !['forms.json', 'widgets.json'].includes(f))) {
      expect(Object.keys(read('en', file.replace('.json', ''))).filter((k) => /^(forms|widgets)\./.test(k))).toEqual([]);
    }
  });
});
