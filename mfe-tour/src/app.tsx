import { lazy } from 'react';
import type { MfeCustomProps } from '@tours/shared/contract';
import { createMfeApp } from '@tours/shared/kit';
import TourPage from './features/tour/TourPage';
import IndividualTourPage from './features/tour/IndividualTourPage';
import { prefetchTour } from './features/tour/api';

// The tour screens come with the app entry (the tour page is what this area is visited for: no extra round trip
// before its first paint); the organizer page is its own chunk.
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
