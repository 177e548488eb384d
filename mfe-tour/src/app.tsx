import { lazy } from 'react';
import type { MfeCustomProps } from '@tours/shared/contract';
import { createMfeApp } from '@tours/shared/kit';
import TourPage from './features/tour/TourPage';
import { prefetchTour } from './features/tour/api';

// The tour page comes with the app entry (it is what this area is visited for: no extra round trip before its first
// paint); an order's individual tour (a link from the traveller's order) and the organizer page are their own chunks.
const IndividualTourPage = lazy(() => import(/* webpackChunkName: "individual-tour" */ './features/tour/IndividualTourPage'));
const OrganizerPage = lazy(() => import('./features/organizer/OrganizerPage'));

const app = createMfeApp({
  name: 'mfe-tour',
  version: __BUILD_VERSION__,
  screens: { 'tour-page': TourPage, 'individual-tour-page': IndividualTourPage, 'organizer-id': OrganizerPage },
});

/** Asks for the tour of the route while the screen is still being set up (single-spa runs these in order). */
const prefetch = async ({ host }: MfeCustomProps) => prefetchTour(host);

export const bootstrap = [prefetch, app.bootstrap];
export const mount = [prefetch, app.mount];
export const { unmount } = app;
