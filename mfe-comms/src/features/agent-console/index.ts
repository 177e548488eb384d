/**
 * The staff agent console (issue 15; its own feature since issue 30): the screen of the `agent-console` route.
 * Staff code is reached only through this file, from the route in src/app.tsx; it shares the conversation with
 * the traveller's chat through features/common/chat and the call through features/common/call, never by importing
 * the traveller's features (eslint.config.mjs, 'the staff boundary'; src/staff-boundary.test.ts).
 */
export { default } from './AgentPage';
