/**
 * Yandex Maps JS API v3 with its official React binding (@yandex/ymaps3-reactify), loaded on demand.
 * Types come from @yandex/ymaps3-types; the script itself is Yandex's and only loads when a map is opened.
 * (Not `yandex-maps-react`: it targets the old 2.1 API — docs/decisions.md 'Tour page'.)
 */
import type * as YMaps from '@yandex/ymaps3-types';
import { MAP_TIMEOUT_MS, withTimeout, yandexScriptUrl } from './provider';

type YMaps3 = typeof YMaps;

async function reactified(api: YMaps3) {
  const [React, ReactDOM, binding] = await Promise.all([import('react'), import('react-dom'), api.import('@yandex/ymaps3-reactify')]);
  const reactify = binding.reactify.bindTo(React, ReactDOM);
  return { reactify, ...reactify.module(api) };
}
export type YandexReact = Awaited<ReturnType<typeof reactified>>;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src.split('?')[0]}`));
    };
    document.head.appendChild(script);
  });
}

let pending: Promise<YandexReact> | null = null;

/** The reactified Yandex module (YMap, layers, YMapMarker…); rejects when it cannot load within the timeout. */
export function loadYandexReact(token: string, lang: string, timeoutMs = MAP_TIMEOUT_MS): Promise<YandexReact> {
  pending ??= withTimeout(
    (async () => {
      const win = window as unknown as { ymaps3?: YMaps3 };
      if (!win.ymaps3) await loadScript(yandexScriptUrl(token, lang));
      const api = win.ymaps3;
      if (!api) throw new Error('ymaps3 is missing after its script loaded');
      await api.ready;
      return reactified(api);
    })(),
    timeoutMs,
    'Yandex Maps',
  ).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
