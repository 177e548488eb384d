import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

const AccountSettingsPage = lazy(() => import('./features/settings/AccountSettingsPage'));

export const { bootstrap, mount, unmount } = createMfeApp({ name: 'mfe-account', version: __BUILD_VERSION__, screens: { account: AccountSettingsPage } });
