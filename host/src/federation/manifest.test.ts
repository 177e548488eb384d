import { isAllowedOrigin } from '@tours/shared/contract';
import { readOverrides, resolveRemotes, textUrlsOf, writeOverride } from './manifest';
import { isChunkLoadError } from './loader-errors';

describe('runtime manifest', () => {
  const manifest = {
    'mfe-search': { url: 'http://a/mf-manifest.json', version: '1.0.0' },
    'mfe-tour': { url: 'http://b/mf-manifest.json', version: '2.0.0' },
  };

  test('resolves the served manifest in the contract order', () => {
    expect(resolveRemotes(manifest, {})).toEqual([
      { name: 'mfe-search', url: 'http://a/mf-manifest.json', entry: 'http://a/mf-manifest.json', version: '1.0.0', overridden: false },
      { name: 'mfe-tour', url: 'http://b/mf-manifest.json', entry: 'http://b/mf-manifest.json', version: '2.0.0', overridden: false },
    ]);
  });

  test('an override is marked and loaded from its own URL, shown with it', () => {
    const r = resolveRemotes(manifest, { 'mfe-tour': 'http://localhost:9000/mf-manifest.json' });
    expect(r[1]).toEqual({ name: 'mfe-tour', url: 'http://localhost:9000/mf-manifest.json', entry: 'http://localhost:9000/mf-manifest.json', version: '2.0.0', overridden: true });
    expect(r[0]!.overridden).toBe(false);
  });

  const LOCAL = ['http://localhost:*', 'http://127.0.0.1:*'];

  test('overrides are stored, validated and removed', () => {
    expect(writeOverride('mfe-comms', 'http://localhost:9001/mf-manifest.json', LOCAL)).toBe(true);
    localStorage.setItem('mfe-overrides', JSON.stringify({ ...JSON.parse(localStorage.getItem('mfe-overrides')!), 'mfe-tour': 'javascript:alert(1)', nope: 'http://x' }));
    expect(readOverrides(LOCAL)).toEqual({ 'mfe-comms': 'http://localhost:9001/mf-manifest.json' });
    expect(writeOverride('mfe-comms', null, LOCAL)).toBe(true);
    expect(readOverrides(LOCAL)).toEqual({});
    expect(localStorage.getItem('mfe-overrides')).toBeNull();
  });

  test('an override from an origin that is not allowed is ignored with a warning; with no allowed origins none counts', () => {
    localStorage.setItem('mfe-overrides', JSON.stringify({ 'mfe-tour': 'https://evil.example/mf-manifest.json', 'mfe-search': 'http://localhost:9081/mf-manifest.json' }));
    const warn = jest.fn();
    expect(readOverrides(LOCAL, localStorage, warn)).toEqual({ 'mfe-search': 'http://localhost:9081/mf-manifest.json' });
    expect(warn).toHaveBeenCalledWith('Ignored the override of mfe-tour: https://evil.example/mf-manifest.json is not on the allowed origins (debugOrigins)');
    warn.mockClear();
    // Production: the list is empty, the served manifest wins for every remote.
    const none = readOverrides([], localStorage, warn);
    expect(none).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
    expect(resolveRemotes(manifest, none).every((r) => !r.overridden)).toBe(true);
    localStorage.clear();
  });

  test('writing refuses a URL whose origin is not allowed and stores nothing', () => {
    expect(writeOverride('mfe-tour', 'https://evil.example/mf-manifest.json', LOCAL)).toBe(false);
    expect(writeOverride('mfe-tour', 'http://localhost:9082/mf-manifest.json', [])).toBe(false);
    expect(localStorage.getItem('mfe-overrides')).toBeNull();
  });
});

describe('override origins allowlist (debugOrigins, like import-map-deployer)', () => {
  test.each<[string, string[], boolean]>([
    ['http://localhost:9082/mf-manifest.json', [], false],
    ['http://localhost:9082/mf-manifest.json', ['http://localhost:*'], true],
    ['http://localhost/mf-manifest.json', ['http://localhost:*'], true],
    ['https://localhost:9082/mf-manifest.json', ['http://localhost:*'], false],
    ['http://localhost.evil.example:9082/mf-manifest.json', ['http://localhost:*'], false],
    ['http://evil.example/?x=http://localhost:1/', ['http://localhost:*'], false],
    ['http://localhost@evil.example/mf-manifest.json', ['http://localhost:*'], false],
    ['http://user:pw@localhost:9082/mf-manifest.json', ['http://localhost:*'], false],
    ['http://localhost:9082/mf-manifest.json', ['http://localhost:9082'], true],
    ['http://localhost:9083/mf-manifest.json', ['http://localhost:9082'], false],
    ['http://LOCALHOST:9082/x.json', ['http://localhost:9082/'], true],
    ['https://staging.example.com/mfe/mf-manifest.json', ['https://staging.example.com'], true],
    ['https://staging.example.com:443/mf-manifest.json', ['https://staging.example.com'], true],
    ['https://staging.example.com:8443/mf-manifest.json', ['https://staging.example.com'], false],
    ['https://cdn.staging.example.com/mf-manifest.json', ['https://staging.example.com'], false],
    ['http://127.0.0.1:9082/mf-manifest.json', ['http://localhost:*', 'http://127.0.0.1:*'], true],
    ['http://[::1]:9082/mf-manifest.json', ['http://[::1]:*'], true],
    // Entries that are not an origin match nothing: a bare *, a host wildcard, a path, another scheme.
    ['https://evil.example/mf-manifest.json', ['*'], false],
    ['https://a.example.com/mf-manifest.json', ['https://*.example.com'], false],
    ['http://localhost:9082/mf-manifest.json', ['http://localhost:9082/mfe'], false],
    ['http://localhost:9082/mf-manifest.json', ['localhost:*'], false],
    ['http://localhost:9082/mf-manifest.json', ['http://localhost:90*'], false],
    // URLs that are not http(s) never count.
    ['javascript:alert(1)', ['http://localhost:*'], false],
    ['data:text/javascript,1', ['http://localhost:*'], false],
    ['not a url', ['http://localhost:*'], false],
  ])('%s with %j → %p', (url, allowlist, expected) => {
    expect(isAllowedOrigin(url, allowlist)).toBe(expected);
  });
});

describe('isChunkLoadError', () => {
  test.each([
    [{ name: 'ChunkLoadError', message: 'Loading chunk 12 failed.' }, true],
    [new TypeError('Failed to fetch'), true],
    [new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources'), true],
    [new Error('Cannot read properties of undefined'), false],
    [null, false],
  ])('%p → %p', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('textUrlsOf (where a remote\'s texts are)', () => {
  const base = { name: 'mfe-tour' as const, version: '1', entry: 'http://b/mf-manifest.json' };
  const fetchMeta = () => jest.fn(async () => ({ ok: true, json: async () => ({ i18n: { en: 'i18n/en.1a2b3c4d.json' } }) }) as unknown as Response);

  test("the manifest entry's URLs when it has them, with no request", async () => {
    const fetchImpl = fetchMeta();
    await expect(textUrlsOf({ ...base, url: 'http://b/mf-manifest.json', overridden: false, i18n: { en: 'http://cdn/en.json' } }, fetchImpl)).resolves.toEqual({ en: 'http://cdn/en.json' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test.each([
    ['an override', { url: 'http://localhost:9000/x/mf-manifest.json', overridden: true }],
    ['an entry written without them', { url: 'http://localhost:9001/x/mf-manifest.json', overridden: false }],
  ])("%s: the build's own mfe.json, asked once", async (_case, remote) => {
    const fetchImpl = fetchMeta();
    const expected = { en: remote.url.replace('mf-manifest.json', 'i18n/en.1a2b3c4d.json') };
    await expect(textUrlsOf({ ...base, ...remote }, fetchImpl)).resolves.toEqual(expected);
    await expect(textUrlsOf({ ...base, ...remote }, fetchImpl)).resolves.toEqual(expected);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(remote.url.replace('mf-manifest.json', 'mfe.json'));
  });
});
