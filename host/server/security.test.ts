/** @jest-environment node */
import { buildCsp, manifestOrigins, newNonce, type CspInput } from './security';
import { parseOverrideOrigins, parseTrustProxy, readHostSettings, siteOriginFor } from './settings';

const base: CspInput = { nonce: 'abc123', remoteOrigins: [], widgetOrigins: [], debugOrigins: [], mapsScriptApi: false };

/** directive name → its sources */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split('; ').map((d) => {
    const [name, ...values] = d.split(' ');
    return [name!, values];
  }));
}

describe('page CSP (buildCsp)', () => {
  test.each<[string, Partial<CspInput>, Record<string, { has?: string[]; not?: string[] }>]>([
    ['the host alone: nonce + strict-dynamic scripts, own styles, no inline style, no eval', {}, {
      'default-src': { has: ["'self'"] },
      'script-src': { has: ["'nonce-abc123'", "'strict-dynamic'", "'self'", 'https://api-maps.yandex.ru'], not: ["'unsafe-inline'", "'unsafe-eval'"] },
      'style-src': { has: ["'self'", "'nonce-abc123'"], not: ["'unsafe-inline'"] },
      'img-src': { has: ["'self'", 'data:', 'blob:'] },
      'connect-src': { has: ["'self'", 'https://yandex.com'] },
      'frame-src': { has: ['https://yandex.com', 'https://yandex.ru', 'https://*.youtube.com', 'https://*.vimeo.com', 'https://rutube.ru'] },
      'object-src': { has: ["'none'"] },
      'base-uri': { has: ["'self'"] },
      'frame-ancestors': { has: ["'self'"] },
    }],
    ['remotes: scripts, styles, images, fonts and manifests from their origins', { remoteOrigins: ['http://localhost:8081', 'https://tour.cdn.example'] }, {
      'script-src': { has: ['http://localhost:8081', 'https://tour.cdn.example'] },
      'style-src': { has: ['http://localhost:8081', 'https://tour.cdn.example'] },
      'img-src': { has: ['http://localhost:8081'] },
      'font-src': { has: ['https://tour.cdn.example'] },
      'connect-src': { has: ['http://localhost:8081', 'https://tour.cdn.example'] },
      'frame-src': { not: ['http://localhost:8081'] },
    }],
    ['the widget server: its loader and bundles run, its stylesheets are fetched; no <link> styles from it', { widgetOrigins: ['http://localhost:8097'] }, {
      'script-src': { has: ['http://localhost:8097'] },
      'connect-src': { has: ['http://localhost:8097'] },
      'style-src': { not: ['http://localhost:8097'] },
    }],
    ['developer origins (MFE_OVERRIDE_ORIGINS) count as remotes', { debugOrigins: ['http://localhost:*'] }, {
      'script-src': { has: ['http://localhost:*'] },
      'style-src': { has: ['http://localhost:*'] },
      'connect-src': { has: ['http://localhost:*'] },
    }],
    ['Yandex Maps JS API (MAPS_TOKEN): eval for its vector engine, workers', { mapsScriptApi: true }, {
      'script-src': { has: ["'unsafe-eval'", 'https://api-maps.yandex.ru', 'https://yastatic.net'] },
      'worker-src': { has: ['blob:', 'data:', 'https://api-maps.yandex.ru'] },
      'connect-src': { has: ['https://*.maps.yandex.net'] },
    }],
  ])('%s', (_name, input, expected) => {
    const csp = directives(buildCsp({ ...base, ...input }));
    for (const [name, { has = [], not = [] }] of Object.entries(expected)) {
      expect(csp[name]).toBeDefined();
      for (const source of has) expect(csp[name]).toContain(source);
      for (const source of not) expect(csp[name]).not.toContain(source);
    }
  });

  test('one line, no duplicate sources, nothing but directive syntax', () => {
    const csp = buildCsp({ ...base, remoteOrigins: ['http://a.example', 'http://a.example'], debugOrigins: ['http://a.example'] });
    expect(csp).not.toMatch(/[\r\n,]/);
    const scriptSrc = directives(csp)['script-src']!;
    expect(scriptSrc.filter((s) => s === 'http://a.example')).toHaveLength(1);
  });

  test('nonces are fresh and base64', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  test('manifest origins: remotes and the widgets entry apart; relative, non-http and malformed URLs left out', () => {
    expect(manifestOrigins({
      'mfe-search': { url: 'http://localhost:8081/mf-manifest.json', version: '1' },
      'mfe-tour': { url: 'https://tour.cdn.example/v2/mf-manifest.json', version: '2' },
      'mfe-booking': { url: 'http://localhost:8081/other/mf-manifest.json', version: '1' },
      'mfe-account': { url: '/local/mf-manifest.json', version: '1' },
      'mfe-comms': { url: 'javascript:alert(1)', version: '1' },
      'mfe-x': { url: 'http://evil.example; script-src *', version: '1' },
      widgets: { url: 'http://localhost:8097/loader.js', version: 'abc' },
      junk: 'text',
    })).toEqual({ remotes: ['http://localhost:8081', 'https://tour.cdn.example'], widgets: ['http://localhost:8097'] });
    expect(manifestOrigins(null)).toEqual({ remotes: [], widgets: [] });
  });
});

describe('host settings', () => {
  const settings = { siteOrigin: 'https://www.example.com', siteOrigins: ['https://cn.example.com', 'http://localhost:8080'] };

  test.each([
    ['www.example.com', 'https://www.example.com'],
    ['WWW.Example.com:443', 'https://www.example.com'],
    ['cn.example.com', 'https://cn.example.com'],
    ['localhost:8080', 'http://localhost:8080'],
    ['evil.example', 'https://www.example.com'],
    ['localhost:8081', 'https://www.example.com'],
    [undefined, 'https://www.example.com'],
  ])('Host %s is answered as %s', (host, origin) => {
    expect(siteOriginFor(host, settings)).toBe(origin);
  });

  test('from the environment: defaults, lists, refused values', () => {
    const warn = jest.fn();
    expect(readHostSettings({ PORT: '18080' }, warn)).toEqual({ siteOrigin: 'http://localhost:18080', siteOrigins: [], trustProxy: [], internalSecret: undefined, overrideOrigins: [], mapsScriptApi: false });
    expect(readHostSettings({
      SITE_ORIGIN: 'https://www.example.com/', SITE_ORIGINS: 'https://cn.example.com, not a url', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      INTERNAL_API_SECRET: 's3cret', MFE_OVERRIDE_ORIGINS: 'http://localhost:*', MAPS_TOKEN: 't',
    }, warn)).toEqual({ siteOrigin: 'https://www.example.com', siteOrigins: ['https://cn.example.com'], trustProxy: ['10.0.0.0/8', '127.0.0.1'], internalSecret: 's3cret', overrideOrigins: ['http://localhost:*'], mapsScriptApi: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not a url'));
  });

  test('TRUST_PROXY never trusts everyone', () => {
    expect(parseTrustProxy('true')).toEqual([]);
    expect(parseTrustProxy('*, loopback')).toEqual(['loopback']);
    expect(parseTrustProxy('2')).toEqual([]);
    expect(parseTrustProxy(undefined)).toEqual([]);
  });

  test('MFE_OVERRIDE_ORIGINS keeps origins only (no paths, wildcard hosts or CSP syntax)', () => {
    expect(parseOverrideOrigins('http://localhost:*, https://dev.example.com:9082/, http://*.example.com, http://a.example/x, http://x; script-src *, ftp://x'))
      .toEqual(['http://localhost:*', 'https://dev.example.com:9082']);
  });
});
