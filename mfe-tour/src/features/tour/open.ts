/** Modal openers, each in its own chunk: nothing of a modal is downloaded before it is opened. */
import type { HostContext } from '@tours/shared/contract';
import type { ExcursionDateLike } from '@tours/shared/domain';
import type { MapPlace } from './map/provider';
import type { VariantsModalTour, VariantsMode } from './modals/VariantsModal';

export function openMap(host: HostContext, place: MapPlace, title: string): void {
  void import(/* webpackChunkName: "tour-map" */ './modals/MapModal').then((m) => m.openMapModal(host, place, title));
}

export function openVariants(host: HostContext, tour: VariantsModalTour, mode: VariantsMode = 'page'): void {
  void import(/* webpackChunkName: "tour-variants" */ './modals/VariantsModal').then((m) => m.openVariantsModal(host, tour, mode));
}

/** The variants modal of a tour known only by id (similar tours): it fetches the tour itself. */
export function openVariantsById(host: HostContext, tourId: number, mode: VariantsMode = 'navigate'): void {
  host.openModal('tour/variants', { tourId, mode: mode === 'selection' ? 'selection' : 'navigate' });
}

export function openExcursionDates(host: HostContext, tourId: number, dates: ExcursionDateLike[]): void {
  void import(/* webpackChunkName: "tour-excursion" */ './modals/ExcursionDatesModal').then((m) => m.openExcursionDatesModal(host, tourId, dates));
}
