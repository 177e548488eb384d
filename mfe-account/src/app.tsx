import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

const AccountSettingsPage = lazy(() => import('./features/settings/AccountSettingsPage'));
// The organizer-meet contract page (issue 16): a route mfe-account declares itself (src/routes.json), reached by a key.
const OrganizerMeetPage = lazy(() => import('./features/organizer-meet/OrganizerMeetPage'));
// My trips (issue 29): the signed-in traveller's bookings, beside the account settings.
const MyTripsPage = lazy(() => import('./features/trips/MyTripsPage'));

export const { bootstrap, mount, unmount } = createMfeApp({
  name: 'mfe-account',
  version: __BUILD_VERSION__,
  screens: { account: AccountSettingsPage, 'account-trips': MyTripsPage, 'organizer-meet': OrganizerMeetPage },
});
