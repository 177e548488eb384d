import type { HostContext } from '@tours/shared/contract';
import { MapView } from '../map/MapView';
import type { MapPlace } from '../map/provider';
import '../map/map.css';
import '../sections.css';

const MAP_TITLE_ID = 'tour-map-title';

/** Map modal (public-site §2.7): the provider's map, the alternative with a placemark, or the fallback. */
function MapModal({ place, title }: { close: () => void; place: MapPlace; title: string }) {
  return (
    <div className="tour-map-modal">
      <h2 id={MAP_TITLE_ID} className="tour-modal__title">{title}</h2>
      <MapView place={place} />
    </div>
  );
}

export function openMapModal(host: HostContext, place: MapPlace, title: string) {
  return host.showModal({ component: MapModal, props: { place, title }, width: 800, labelId: MAP_TITLE_ID });
}
