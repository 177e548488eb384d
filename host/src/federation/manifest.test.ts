import { readOverrides, resolveRemotes, writeOverride } from './manifest';
import { isChunkLoadError } from './loader-errors';

describe('runtime manifest', () => {
  const manifest = {
    'mfe-search': { url: 'http://a/mf-manifest.json', version: '1.0.0' },
    'mfe-tour': { url: 'http://b/mf-manifest.json', version: '2.0.0' },
  };

  test('resolves the served manifest in the contract order', () => {
    expect(resolveRemotes(manifest, {})).toEqual([
      { name: 'mfe-search', url: 'http://a/mf-manifest.json', version: '1.0.0', overridden: false },
      { name: 'mfe-tour', url: 'http://b/mf-manifest.json', version: '2.0.0', overridden: false },
    ]);
  });

  test('an override replaces one remote and is marked', () => {
    const r = resolveRemotes(manifest, { 'mfe-tour': 'http://localhost:9000/mf-manifest.json' });
    expect(r[1]).toEqual({ name: 'mfe-tour', url: 'http://localhost:9000/mf-manifest.json', version: '2.0.0', overridden: true });
    expect(r[0]!.overridden).toBe(false);
  });

  test('overrides are stored, validated and removed', () => {
    writeOverride('mfe-comms', 'http://localhost:9001/mf-manifest.json');
    localStorage.setItem('mfe-overrides', JSON.stringify({ ...JSON.parse(localStorage.getItem('mfe-overrides')!), 'mfe-tour': 'javascript:alert(1)', nope: 'http://x' }));
    expect(readOverrides()).toEqual({ 'mfe-comms': 'http://localhost:9001/mf-manifest.json' });
    writeOverride('mfe-comms', null);
    expect(readOverrides()).toEqual({});
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
