import { declaredRoute, parseRuntimeManifest } from './runtime-manifest';
import { ROUTES, routeTable } from '../routing/routes';
import { matchRoute } from '../routing/match';

describe('declared routes', () => {
  test.each([
    [{ name: 'chat-guide', paths: { base: '/chat-guide' } }, { name: 'chat-guide', owner: 'mfe-comms', paths: { base: '/chat-guide' } }],
    [{ name: 'chat-guide', paths: { base: '/chat-guide/:id?', de: '/chat-anleitung/:id?' }, fullHeader: true }, { name: 'chat-guide', owner: 'mfe-comms', paths: { base: '/chat-guide/:id?', de: '/chat-anleitung/:id?' }, fullHeader: true }],
    // A route check the host server knows is kept (issue 29: a bad organizer-meet key is a real 404); another is left out.
    [{ name: 'meet-x', paths: { base: '/meet-x/:key' }, validate: 'organizer-meet-key' }, { name: 'meet-x', owner: 'mfe-comms', paths: { base: '/meet-x/:key' }, validate: 'organizer-meet-key' }],
    [{ name: 'meet-x', paths: { base: '/meet-x/:key' }, validate: 'drop-tables' }, { name: 'meet-x', owner: 'mfe-comms', paths: { base: '/meet-x/:key' } }],
    [{ name: 'x', paths: { base: '/x' }, owner: 'mfe-tour' }, null], // claims another owner
    [{ name: 'x', paths: { base: 'x' } }, null], // not absolute
    [{ name: 'x', paths: { base: '/a b' } }, null],
    [{ name: 'Bad Name', paths: { base: '/x' } }, null],
    [{ name: 'x', paths: { base: '/x', cn: 5 } }, null],
    ['chat-guide', null],
  ])('%j → %j', (value, expected) => {
    expect(declaredRoute(value, 'mfe-comms')).toEqual(expected);
  });

  test('the table: declared routes before the catch-alls, never over a contract route', () => {
    const declared = [
      { name: 'chat-guide', owner: 'mfe-comms' as const, paths: { base: '/chat-guide' } },
      { name: 'visa-page', owner: 'mfe-comms' as const, paths: { base: '/other' } },
      { name: 'other-visa', owner: 'mfe-comms' as const, paths: { base: '/visa' } },
      { name: 'catch', owner: 'mfe-comms' as const, paths: { base: '/:anything' } },
    ];
    const table = routeTable(declared);
    expect(table.map((r) => r.name).filter((n) => !ROUTES.some((c) => c.name === n))).toEqual(['chat-guide']);
    expect(matchRoute('/en/chat-guide', { russianIsAvailable: true, routes: table })?.def.owner).toBe('mfe-comms');
    // Without the table the path is a search slug (the catch-all), as before the release.
    expect(matchRoute('/en/chat-guide', { russianIsAvailable: true })?.name).toBe('tours');
    expect(matchRoute('/en/visa', { russianIsAvailable: true, routes: table })?.name).toBe('visa-page');
    expect(routeTable([])).toBe(ROUTES);
  });
});

describe('parseRuntimeManifest', () => {
  test('reads entries leniently, keeps previous, collects sound routes only', () => {
    const parsed = parseRuntimeManifest({
      host: { contract: '0.2.0', react: '19.1.0' },
      'mfe-comms': {
        url: 'http://cdn/comms/mf-manifest.json', version: '1.1.0', contract: '0.2.0',
        routes: [{ name: 'chat-guide', paths: { base: '/chat-guide' } }, { name: 'x', paths: { base: '/y' }, owner: 'mfe-tour' }],
        i18n: { en: 'http://cdn/comms/i18n/en.1.json', xx: 'nope' },
        previous: { url: 'http://cdn/comms-old/mf-manifest.json', version: '1.0.0' },
      },
      'mfe-tour': { version: '1' },
      widgets: { url: 'http://w/loader.js' },
      unknown: { url: 'http://x' },
    });
    expect(parsed.host).toEqual({ contract: '0.2.0', react: '19.1.0' });
    expect(Object.keys(parsed.remotes)).toEqual(['mfe-comms']);
    expect(parsed.remotes['mfe-comms']).toEqual({
      url: 'http://cdn/comms/mf-manifest.json', version: '1.1.0', contract: '0.2.0',
      routes: [{ name: 'chat-guide', owner: 'mfe-comms', paths: { base: '/chat-guide' } }],
      i18n: { en: 'http://cdn/comms/i18n/en.1.json' },
      previous: { url: 'http://cdn/comms-old/mf-manifest.json', version: '1.0.0' },
    });
    expect(parsed.routes.map((r) => r.name)).toEqual(['chat-guide']);
    expect(parseRuntimeManifest('nonsense')).toEqual({ remotes: {}, routes: [] });
  });
});
