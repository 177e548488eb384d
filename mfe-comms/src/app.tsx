import { lazy } from 'react';
import { createMfeApp } from '@tours/shared/kit';

const ChatPage = lazy(() => import('./features/chat'));
// The agent console (issue 15): a route mfe-comms declares itself (src/routes.json), not linked from the site.
const AgentPage = lazy(() => import('./features/agent-console'));

export const { bootstrap, mount, unmount } = createMfeApp({ name: 'mfe-comms', version: __BUILD_VERSION__, screens: { 'chat-index': ChatPage, 'agent-console': AgentPage } });
