/**
 * @jest-environment node
 *
 * Issue 30: the staff boundary of mfe-comms, checked with the repository's real ESLint config on sample files —
 * traveller code cannot import the agent console, the console cannot import the traveller's features, and both
 * may use what they share (features/common).
 */
import { lintSamples } from '../../scripts/eslint/lint-samples';

const STAFF = /Staff code \(features\/agent-console\) is reached only from the route in src\/app\.tsx/;
const TRAVELLER = /The agent console uses the traveller's side only through features\/common/;
const SHARED_FILES = /not shared's files/;

/** [file under mfe-comms/src, code, the import errors expected (empty: allowed)] */
const CASES: readonly (readonly [string, string, readonly RegExp[]])[] = [
  // Traveller code cannot import staff code.
  ['features/chat/ChatPage.tsx', "import AgentPage from '../agent-console';", [STAFF]],
  ['features/chat/ChatPage.tsx', "import { agentChats } from '../agent-console/api';", [STAFF]],
  ['features/common/chat/room.ts', "import { readStaffSession } from '../../agent-console/staff-session';", [STAFF]],
  ['parcels/CallPanel.tsx', "import { CallLine } from '../features/agent-console/CallLine';", [STAFF]],
  ['services/unread.ts', "export { default } from '../features/agent-console';", [STAFF]],
  // Staff code cannot import the traveller's features.
  ['features/agent-console/AgentPage.tsx', "import ChatPage from '../chat';", [TRAVELLER]],
  ['features/agent-console/AgentPage.tsx', "import { CallBackOffer } from '../chat/CallBackOffer';", [TRAVELLER]],
  ['features/agent-console/CallLine.tsx', "import { CallPanel } from '../call/CallPanel';", [TRAVELLER]],
  ['features/agent-console/useLine.ts', "import { CallPanelContent } from '../../parcels/CallPanel';", [TRAVELLER]],
  // What both sides share is open, and the route reaches the console.
  ['features/agent-console/AgentPage.tsx', "import { MessageList } from '../common/chat/MessageList'; import { useLine } from './useLine'; import '../common/chat/chat.css';", []],
  ['features/agent-console/CallLine.tsx', "import { CallControls } from '../common/call/CallControls';", []],
  ['features/chat/ChatPage.tsx', "import { Composer } from '../common/chat/Composer'; import { CallBackOffer } from './CallBackOffer';", []],
  ['app.tsx', "import { lazy } from 'react'; export const AgentPage = lazy(() => import('./features/agent-console'));", []],
  // The browser rules still hold in the staff blocks.
  ['features/agent-console/api.ts', "import { x } from '@tours/shared/src/api/client';", [SHARED_FILES]],
  ['features/chat/NotificationsPanel.tsx', "import { x } from '@tours/shared/src/api/client';", [SHARED_FILES]],
];

describe('the staff boundary in mfe-comms (eslint.config.mjs)', () => {
  let results: string[][] = [];
  beforeAll(() => { results = lintSamples(CASES.map(([file, code]) => [`mfe-comms/src/${file}`, code] as const)); }, 120_000);

  it.each(CASES.map((c, i) => [i, ...c] as const))('#%i %s: %s', (i, _file, _code, expected) => {
    const messages = results[i]!;
    if (expected.length === 0) expect(messages).toEqual([]);
    for (const pattern of expected) expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
  });
});
