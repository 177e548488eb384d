import { lazy } from 'react';
import { createMfeApp } from '@tours/shared';

const TourPage = lazy(() => import('./features/tour/TourPage'));
const IndividualTourPage = lazy(() => import('./features/tour/IndividualTourPage'));
const OrganizerPage = lazy(() => import('./features/organizer/OrganizerPage'));

export const { bootstrap, mount, unmount } = createMfeApp({
  name: 'mfe-tour',
  version: __BUILD_VERSION__,
  screens: { 'tour-page': TourPage, 'individual-tour-page': IndividualTourPage, 'organizer-id': OrganizerPage },
});
