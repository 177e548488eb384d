import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { localeAtom, siteSettingsAtom } from '@tours/shared/core';
import { LOCALE_INFO } from '@tours/shared/contract';
import { useTourFormat } from '../format';
import { DEFAULT_ZOOM, canReach, embedMapUrl, firstMapStage, formatCoordinates, openInMapsUrl, type MapPlace } from './provider';
import { loadYandexReact, type YandexReact } from './yandex';

type State = { stage: 'loading' } | { stage: 'yandex'; ymaps: YandexReact } | { stage: 'embed' } | { stage: 'fallback' };

function YandexMap({ ymaps, place }: { ymaps: YandexReact; place: MapPlace }) {
  const { YMap, YMapDefaultSchemeLayer, YMapDefaultFeaturesLayer, YMapMarker, reactify } = ymaps;
  const center: [number, number] = [place.lng, place.lat];
  return (
    <YMap location={reactify.useDefault({ center, zoom: place.zoom ?? DEFAULT_ZOOM })}>
      <YMapDefaultSchemeLayer />
      <YMapDefaultFeaturesLayer />
      <YMapMarker coordinates={reactify.useDefault(center)}>
        <span className="tour-map__pin" aria-hidden="true" />
      </YMapMarker>
    </YMap>
  );
}

/** The place, its coordinates and 'Open in maps': under every map, and in place of a map that cannot load. */
function PlaceDetails({ place }: { place: MapPlace }) {
  const { t } = useTourFormat();
  return (
    <div className="tour-map__details" data-testid="map-details">
      <p className="tour-map__place">{place.name}</p>
      <p className="tour-map__coords">{t('tour.map.coordinates', { coordinates: formatCoordinates(place.lat, place.lng) })}</p>
      <a className="ui-btn ui-btn--secondary ui-btn--sm" href={openInMapsUrl(place)} target="_blank" rel="noopener noreferrer">
        {t('tour.map.open')}
        <span className="visually-hidden"> {t('tour.map.newTab')}</span>
      </a>
    </div>
  );
}

/**
 * The map: the configured provider (Yandex JS API v3 + reactify), else the embedded map with a placemark, else
 * the fallback text. Each step has a timeout, so the box always ends up showing something useful.
 */
export function MapView({ place }: { place: MapPlace }) {
  const { t } = useTourFormat();
  const settings = useAtomValue(siteSettingsAtom);
  const lang = LOCALE_INFO[useAtomValue(localeAtom)].mapLanguage;
  const [state, setState] = useState<State>({ stage: 'loading' });

  useEffect(() => {
    let live = true;
    const embedOrFallback = async () => {
      const ok = await canReach(embedMapUrl(place, lang));
      if (live) setState(ok ? { stage: 'embed' } : { stage: 'fallback' });
    };
    if (firstMapStage(settings) === 'yandex') {
      loadYandexReact(settings.maps_token ?? '', lang).then(
        (ymaps) => live && setState({ stage: 'yandex', ymaps }),
        (error: unknown) => {
          console.warn(`Map provider unavailable: ${(error as Error).message}`);
          void embedOrFallback();
        },
      );
    } else void embedOrFallback();
    return () => {
      live = false;
    };
  }, [settings, lang, place]);

  return (
    <div className="tour-map">
      <div className={`tour-map__box tour-map__box--${state.stage}`} data-map-stage={state.stage}>
        {state.stage === 'loading' && <p className="tour-map__status" role="status">{t('tour.map.loading')}</p>}
        {state.stage === 'yandex' && <YandexMap ymaps={state.ymaps} place={place} />}
        {state.stage === 'embed' && <iframe className="tour-map__frame" src={embedMapUrl(place, lang)} title={t('tour.map.frameTitle', { place: place.name })} loading="lazy" />}
        {state.stage === 'fallback' && (
          <div className="tour-map__fallback" role="status">
            <span className="tour-map__pin tour-map__pin--static" aria-hidden="true" />
            <p>{t('tour.map.unavailable')}</p>
          </div>
        )}
      </div>
      <PlaceDetails place={place} />
    </div>
  );
}
