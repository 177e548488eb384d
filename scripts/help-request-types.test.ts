/**
 * Every help request type of public-site §3.7 is either sent by a screen or has its reason for having none written
 * down (issue 29, item 11: the list has 17 types, the screens sent 6, and nothing said why). This test reads the
 * browser code (host/, mfe-*, shared/src/ui, widgets/) for the types it sends (`type: '<name>'`) and the section
 * 'After the request (issue 29): forms, statuses, layout, help requests' of docs/decisions.md for one line per other
 * type, starting with the type in backticks. It fails on a type neither sent nor explained, and on a type explained as
 * unsent that a screen now sends (the note would be stale).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './source-files';
import { HELP_REQUEST_TYPES } from '@tours/shared/src/api/schemas/requests';

const REPO = path.resolve(__dirname, '..');
const ROOTS = ['host/src', 'shared/src/ui', 'widgets/src', ...readdirSync(REPO).filter((d) => d.startsWith('mfe-')).map((d) => `${d}/src`)];
const SECTION = '## After the request (issue 29): forms, statuses, layout, help requests';

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.includes('fixture');

/** The types the screens send: a `type: '<name>'` (or "<name>") in their code. */
function sentTypes(): Set<string> {
  const sent = new Set<string>();
  const names = new Set<string>(HELP_REQUEST_TYPES);
  for (const file of ROOTS.flatMap((root) => sourceFiles(path.join(REPO, root), isSource))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\btype:\s*['"]([a-z_]+)['"]/g)) if (names.has(m[1]!)) sent.add(m[1]!);
  }
  return sent;
}

/** The types the decisions explain as having no screen: lines of the section starting with '- `<type>`'. */
function explainedTypes(): Map<string, string> {
  const text = readFileSync(path.join(REPO, 'docs/decisions.md'), 'utf8');
  const start = text.indexOf(SECTION);
  if (start < 0) return new Map();
  const end = text.indexOf('\n## ', start + SECTION.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const out = new Map<string, string>();
  for (const m of section.matchAll(/^\s*- `([a-z_]+)`:? (.+)$/gm)) out.set(m[1]!, m[2]!);
  return out;
}

describe('help request types (public-site §3.7): sent by a screen, or why not (issue 29)', () => {
  const sent = sentTypes();
  const explained = explainedTypes();

  test.each([...HELP_REQUEST_TYPES])('%s', (name) => {
    const state = sent.has(name) ? 'sent' : explained.has(name) ? 'explained' : 'neither';
    expect([name, state]).not.toEqual([name, 'neither']);
    // A type a screen sends is not also explained away.
    if (sent.has(name)) expect([name, explained.has(name)]).toEqual([name, false]);
    // A reason is a sentence, not a placeholder.
    if (explained.has(name)) expect(explained.get(name)!.length).toBeGreaterThan(40);
  });

  test('the six the screens send today', () => {
    expect([...sent].sort()).toEqual(['add_email_to_request', 'city_calculate', 'common_help', 'common_help_by_email', 'individual_tour', 'phone_call_request']);
  });
});
