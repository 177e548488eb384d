import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DEFAULT_SITE_SETTINGS, localeAtom, siteSettingsAtom } from '@tours/shared/core';
import { renderScreen } from '@tours/shared/src/testing';
import { MapView } from './MapView';
import { canReach, embedMapUrl, firstMapStage, formatCoordinates, isValidPlace, openInMapsUrl, yandexScriptUrl } from './provider';

const place = { name: 'Vyborg railway station', lat: 60.7156, lng: 28.7505, zoom: 10 };

describe('map provider rules (§2.7, §7.2, §9)', () => {
  test.each([
    [{ maps_provider: 'yandex', maps_token: 'key' }, 'yandex'],
    [{ maps_provider: 'yandex', maps_token: '' }, 'embed'],
    [{ maps_provider: 'yandex', maps_token: null }, 'embed'],
    [{ maps_provider: 'google', maps_token: 'key' }, 'embed'],
    [{ maps_provider: null, maps_token: null }, 'embed'],
  ])('%j → %s', (settings, expected) => {
    expect(firstMapStage(settings)).toBe(expected);
  });

  test('URLs carry the key, the place, the centre, zoom 10 and the language', () => {
    expect(yandexScriptUrl('k&1', 'en_US')).toBe('https://api-maps.yandex.ru/v3/?apikey=k%261&lang=en_US');
    const embed = new URL(embedMapUrl(place, 'en_US'));
    expect(Object.fromEntries(embed.searchParams)).toEqual({ ll: '28.7505,60.7156', z: '10', pt: '28.7505,60.7156,pm2rdm', lang: 'en_US' });
    expect(new URL(openInMapsUrl({ ...place, zoom: undefined })).searchParams.get('z')).toBe('10');
    expect(formatCoordinates(60.7156, 28.7505)).toBe('60.71560, 28.75050');
  });

  test.each([
    [{ lat: 60, lng: 30 }, true],
    [{ lat: 0, lng: 0 }, false],
    [{ lat: 91, lng: 30 }, false],
    [{ lat: Number.NaN, lng: 30 }, false],
  ])('%j is a place → %s', (p, expected) => {
    expect(isValidPlace(p)).toBe(expected);
  });

  test('reachability: an opaque answer is enough; a network error or a timeout is not', async () => {
    expect(await canReach('https://x', 50, (async () => ({ type: 'opaque' })) as unknown as typeof fetch)).toBe(true);
    expect(await canReach('https://x', 50, (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch)).toBe(false);
    expect(await canReach('https://x', 20, (() => new Promise(() => undefined)) as unknown as typeof fetch)).toBe(false);
  });
});

describe('MapView', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete (window as unknown as { ymaps3?: unknown }).ymaps3;
  });

  test('nothing can load (no network): the place, its coordinates and "Open in maps" — never an empty box', async () => {
    global.fetch = (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch;
    const r = renderScreen(<MapView place={place} />, { url: '/en' });
    act(() => r.host.store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, maps_provider: 'yandex', maps_token: '' }));
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Vyborg railway station')).toBeInTheDocument();
    expect(screen.getByText('Coordinates: 60.71560, 28.75050')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Open in maps/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toContain('pt=28.7505%2C60.7156');
  });

  test('the alternative provider: an embedded map with a placemark, in the map language (cn falls back to en)', async () => {
    global.fetch = (async () => ({ type: 'opaque' })) as unknown as typeof fetch;
    const r = renderScreen(<MapView place={place} />, { url: '/en' });
    act(() => {
      r.host.store.set(localeAtom, 'cn');
      r.host.store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, maps_provider: 'google', maps_token: 'x' });
    });
    const frame = await screen.findByTitle('Map: Vyborg railway station');
    expect(frame.getAttribute('src')).toContain('pt=28.7505%2C60.7156%2Cpm2rdm');
    expect(frame.getAttribute('src')).toContain('lang=en_US');
  });

  test('the configured provider: Yandex JS API v3 through its React binding, centred on the place at zoom 10 with a marker', async () => {
    const seen: Array<{ name: string; props: Record<string, unknown> }> = [];
    const component = (name: string) => (props: Record<string, unknown> & { children?: ReactNode }) => {
      seen.push({ name, props });
      return <div data-ymap={name}>{props.children}</div>;
    };
    const reactified = { YMap: component('YMap'), YMapDefaultSchemeLayer: component('Scheme'), YMapDefaultFeaturesLayer: component('Features'), YMapMarker: component('Marker') };
    (window as unknown as { ymaps3: unknown }).ymaps3 = {
      ready: Promise.resolve(),
      import: async (pkg: string) => {
        expect(pkg).toBe('@yandex/ymaps3-reactify');
        return { reactify: { bindTo: () => ({ module: () => reactified, useDefault: <T,>(v: T) => v }) } };
      },
    };
    const r = renderScreen(<MapView place={place} />, { url: '/en' });
    act(() => r.host.store.set(siteSettingsAtom, { ...DEFAULT_SITE_SETTINGS, maps_provider: 'yandex', maps_token: 'key' }));
    await screen.findByText((_, el) => el?.getAttribute('data-ymap') === 'Marker');
    expect(seen.find((s) => s.name === 'YMap')?.props.location).toEqual({ center: [28.7505, 60.7156], zoom: 10 });
    expect(seen.find((s) => s.name === 'Marker')?.props.coordinates).toEqual([28.7505, 60.7156]);
    expect(document.querySelector('[data-map-stage]')).toHaveAttribute('data-map-stage', 'yandex');
  });
});
