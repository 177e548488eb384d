/** @jest-environment node */
/**
 * The organizer area's links (issue 29: 'I provide tours' → 'Login in as a travel expert' → /org → /org-area, a 404
 * page in Chinese for an English visitor): /org and /org/register lead to ORGANIZER_AREA_URL when it is set, else to
 * the site's own page for organizers in the visitor's locale — which the server answers as a page of the site.
 */
import { ORGANIZERS_PAGE_PATH, defaultRouteRules, organizerAreaUrl } from './route-rules';
import { withTestHost } from './test-host';

describe('ORGANIZER_AREA_URL', () => {
  test.each([
    [undefined, null], ['', null], ['  ', null], ['https://org.example.com', 'https://org.example.com'], ['https://org.example.com/', 'https://org.example.com'],
    ['http://localhost:9100/area/', 'http://localhost:9100/area'],
  ])('%j is %j', (value, expected) => expect(organizerAreaUrl(value)).toBe(expected));

  test.each(['org.example.com', 'javascript:alert(1)', 'ftp://org.example.com', 'https://u:p@org.example.com', 'https://org.example.com/?a=1'])('%s is refused', (value) => {
    expect(() => organizerAreaUrl(value)).toThrow(/ORGANIZER_AREA_URL/);
  });

  test('unset: both links lead to the site\'s page for organizers (a path: the locale is kept); set: to the area and its registration', () => {
    expect(defaultRouteRules({})).toMatchObject({ '/org': { to: ORGANIZERS_PAGE_PATH, status: 302 }, '/org/register': { to: ORGANIZERS_PAGE_PATH, status: 302 } });
    expect(defaultRouteRules({ ORGANIZER_AREA_URL: 'https://org.example.com/' })).toMatchObject({
      '/org': { to: 'https://org.example.com', status: 302 }, '/org/register': { to: 'https://org.example.com/register', status: 302 },
    });
  });
});

describe('the host server', () => {
  const hosts = withTestHost('host-route-rules', {
    entry: { js: ['/assets/main.js?1'], css: ['/assets/main.css'] },
    manifest: { 'mfe-search': { url: 'http://localhost:8081/mf-manifest.json', version: '1' } },
  });

  const host = (env: NodeJS.ProcessEnv) =>
    hosts.start({
      // Nothing listens there: these answers need no API.
      apiUrl: 'http://127.0.0.1:9',
      routeRules: defaultRouteRules(env),
      settings: { siteOrigin: 'https://www.example.com', siteOrigins: [], trustProxy: [], internalSecret: 's3cret', overrideOrigins: [], mapsScriptApi: false },
    });

  test('no organizer area configured: /en/org and /de/org/register go to the organizers\' page in English and German', async () => {
    const app = await host({});
    for (const [url, location] of [['/en/org', '/en/for-organizers'], ['/de/org/register', '/de/for-organizers'], ['/ru/org', '/ru/for-organizers'], ['/org', '/for-organizers']]) {
      const res = await app.inject({ url: url!, headers: { accept: 'text/html', cookie: 'i18n_redirected=cn' } });
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 302, location]);
    }
    // The page itself: a page of the site with its title in the locale, not a 404.
    const page = await app.inject({ url: '/en/for-organizers', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Tour organizers: the organizer area | Tours of Russia</title>');
    const de = await app.inject({ url: '/de/for-organizers', headers: { accept: 'text/html' } });
    expect(de.body).toContain('<title>Für Veranstalter: der Veranstalterbereich | Russland-Touren</title>');
  });

  test('an organizer area configured: its login and registration', async () => {
    const app = await host({ ORGANIZER_AREA_URL: 'https://org.example.com' });
    expect((await app.inject({ url: '/en/org' })).headers.location).toBe('https://org.example.com');
    expect((await app.inject({ url: '/en/org/register' })).headers.location).toBe('https://org.example.com/register');
  });
});
