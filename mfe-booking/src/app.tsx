import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

const RequestPage = lazy(() => import('./features/request/RequestPage'));
const AddTouristsPage = lazy(() => import('./features/tourists/AddTouristsPage'));
const ArrivalPage = lazy(() => import('./features/arrival/ArrivalPage'));
const MeetPage = lazy(() => import('./features/meet/MeetPage'));

export const { bootstrap, mount, unmount } = createMfeApp({
  name: 'mfe-booking',
  version: __BUILD_VERSION__,
  screens: { 'request-page': RequestPage, 'add-tourists': AddTouristsPage, 'arrival-page': ArrivalPage, meet: MeetPage },
});
