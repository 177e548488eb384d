/**
 * Publishing a remote (scripts/publish-remote.mjs → scripts/lib/publish.mjs), as a deployer runs it: a build the
 * deployed host can run becomes the current release and keeps the one it replaced; one it cannot is refused, with
 * the reason, and the manifest is left as it was; a rollback puts the previous release back.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** A deployed host as publishHost records it: its contract, React and every federation singleton it shares. */
const HOST = {
  contract: '0.2.0',
  react: '19.1.0',
  singletons: { react: '19.1.0', 'react/jsx-runtime': '19.1.0', 'react-dom': '19.1.0', 'react-dom/client': '19.1.0', jotai: '2.15.0', 'react-intl': '12.1.0', '@tours/shared/core': '0.2.0' },
};
/** What a remote's mf-manifest.json says it shares, as make-config's sharedModules() builds it. */
const SHARED = [
  ...['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'].map((name) => ({ name, singleton: true, requiredVersion: '^19.0.0' })),
  { name: 'jotai', singleton: true, requiredVersion: '^2.0.0' },
  { name: 'react-intl', singleton: true, requiredVersion: '^12.0.0' },
  { name: '@tours/shared/core', singleton: true, requiredVersion: '^0.2.0' },
  { name: 'superstruct', singleton: false, requiredVersion: '^2.0.0' },
];
type Shared = (typeof SHARED)[number];

let dir: string;
let manifestFile: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'publish-'));
  manifestFile = path.join(dir, 'mfe-manifest.json');
  writeFileSync(manifestFile, JSON.stringify({ host: HOST, 'mfe-comms': { url: 'http://cdn/comms/0.1.0/mf-manifest.json', version: '0.1.0' }, widgets: { url: 'http://w/loader.js' } }));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(name: string, { contract = '0.2.0', react = '19.1.0', version = '0.2.0', singleton = true, requiredVersion = '^19.0.0', change = (s: Shared[]) => s } = {}): string {
  const out = path.join(dir, `${name}-${version}-${contract}-${react}`);
  mkdirSync(out);
  writeFileSync(path.join(out, 'mfe.json'), JSON.stringify({ name, version, contract, react, routes: [{ name: 'chat-guide', paths: { base: '/chat-guide' } }], i18n: { en: 'i18n/en.abcd1234.json' } }));
  const shared = change(SHARED.map((s) => (s.name === 'react' || s.name === 'react-dom' ? { ...s, singleton, requiredVersion } : s)));
  writeFileSync(path.join(out, 'mf-manifest.json'), JSON.stringify({ name, shared }));
  return out;
}

function publish(...args: string[]): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts/publish-remote.mjs'), ...args, '--manifest', manifestFile], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, output };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { status: e.status, output: e.stderr };
  }
}
const manifest = () => JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Record<string, unknown>>;

test('a sound build becomes the current release; the one it replaced is kept as previous; rollback swaps them', () => {
  const out = build('mfe-comms');
  const result = publish('mfe-comms', '--url', 'http://cdn/comms/0.2.0/', '--dir', out);
  expect(result).toMatchObject({ status: 0 });
  expect(manifest()['mfe-comms']).toEqual({
    url: 'http://cdn/comms/0.2.0/mf-manifest.json',
    version: '0.2.0',
    contract: '0.2.0',
    routes: [{ name: 'chat-guide', paths: { base: '/chat-guide' } }],
    i18n: { en: 'http://cdn/comms/0.2.0/i18n/en.abcd1234.json' },
    previous: { url: 'http://cdn/comms/0.1.0/mf-manifest.json', version: '0.1.0' },
  });
  expect(manifest().widgets).toEqual({ url: 'http://w/loader.js' });

  expect(publish('mfe-comms', '--rollback')).toMatchObject({ status: 0 });
  expect(manifest()['mfe-comms']).toMatchObject({ url: 'http://cdn/comms/0.1.0/mf-manifest.json', version: '0.1.0', previous: { version: '0.2.0' } });
});

test.each([
  ['a newer contract than the host', { contract: '0.3.0' }, 'the remote was built against contract 0.3.0, the host supports 0.2.x (0.2.0)'],
  ['another React', { react: '18.3.1', requiredVersion: '^18.0.0' }, 'built with React 18.3.1, the host runs React 19.1.0: one React per page'],
  ['React not shared as a singleton', { singleton: false }, 'react is not shared as a singleton in its mf-manifest.json: it would load a second React'],
  // Issue 30: every singleton the host shares is compared, not React alone.
  ['jotai required in another major', { change: (s: Shared[]) => s.map((x) => (x.name === 'jotai' ? { ...x, requiredVersion: '^3.0.0' } : x)) }, 'jotai requires ^3.0.0, the host provides 2.15.0'],
  ['react-intl not shared as a singleton', { change: (s: Shared[]) => s.map((x) => (x.name === 'react-intl' ? { ...x, singleton: false } : x)) }, 'react-intl is not shared as a singleton in its mf-manifest.json: it would load a second copy of react-intl'],
  ['the shared core missing', { change: (s: Shared[]) => s.filter((x) => x.name !== '@tours/shared/core') }, '@tours/shared/core is not shared as a singleton in its mf-manifest.json'],
  ['a newer shared core than the host', { change: (s: Shared[]) => s.map((x) => (x.name === '@tours/shared/core' ? { ...x, requiredVersion: '^0.3.0' } : x)) }, '@tours/shared/core requires ^0.3.0, the host provides 0.2.0'],
  ['a singleton the host does not share', { change: (s: Shared[]) => [...s, { name: 'single-spa-react', singleton: true, requiredVersion: '^6.0.0' }] }, 'single-spa-react is shared as a singleton by the remote but not by the host'],
])('refused: %s', (_case, options, reason) => {
  const before = readFileSync(manifestFile, 'utf8');
  const result = publish('mfe-comms', '--url', 'http://cdn/comms/x/', '--dir', build('mfe-comms', options));
  expect(result.status).toBe(1);
  expect(result.output).toContain('Refused to publish mfe-comms');
  expect(result.output).toContain(reason);
  expect(readFileSync(manifestFile, 'utf8')).toBe(before);
});

test("a host recorded before issue 30 (contract and React only) is compared on React's modules", () => {
  writeFileSync(manifestFile, JSON.stringify({ host: { contract: '0.2.0', react: '19.1.0' } }));
  const out = build('mfe-comms', { change: (s: Shared[]) => s.filter((x) => x.name !== 'jotai') });
  expect(publish('mfe-comms', '--url', 'http://cdn/comms/0.2.0/', '--dir', out)).toMatchObject({ status: 0 });
  expect(publish('mfe-comms', '--url', 'http://cdn/comms/x/', '--dir', build('mfe-comms', { version: '0.2.1', singleton: false })).output)
    .toContain('react is not shared as a singleton');
});

test('the host of this checkout records every federation singleton of scripts/webpack/make-config.js', async () => {
  const { hostRecord } = await import(path.join(ROOT, 'scripts/lib/publish.mjs'));
  const shared = JSON.parse(readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')) as { version: string };
  expect(Object.keys(hostRecord().singletons).sort()).toEqual(['@tours/shared/core', 'jotai', 'react', 'react-dom', 'react-dom/client', 'react-intl', 'react/jsx-runtime']);
  expect(hostRecord().singletons['@tours/shared/core']).toBe(shared.version);
});

test('refused: a build of another remote, or no build at all', () => {
  expect(publish('mfe-comms', '--url', 'http://cdn/x/', '--dir', build('mfe-tour')).output).toContain('is a build of mfe-tour, not mfe-comms');
  expect(publish('mfe-comms', '--url', 'http://cdn/x/', '--dir', path.join(dir, 'missing')).output).toContain('is not a build of mfe-comms');
  expect(publish('mfe-tour', '--rollback')).toMatchObject({ status: 1 });
});
