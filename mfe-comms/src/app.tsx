import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

const ChatPage = lazy(() => import('./features/chat/ChatPage'));

export const { bootstrap, mount, unmount } = createMfeApp({ name: 'mfe-comms', version: __BUILD_VERSION__, screens: { 'chat-index': ChatPage } });
