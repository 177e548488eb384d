/**
 * @jest-environment node
 *
 * Issue 30: the staff boundary of mfe-comms, checked with the repository's real ESLint config on sample files —
 * traveller code cannot import the agent console, the console cannot import the traveller's features, and both
 * may use what they share (features/common).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

/**
 * ESLint's Node API (lintText) on every sample in one child process: jest's module sandbox cannot load the
 * config file (an ES module). Answers, per sample, the messages of the import rules.
 */
function lintSamples(samples: readonly (readonly [string, string])[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const samples = JSON.parse(process.env.SAMPLES);
    const out = [];
    for (const [filePath, code] of samples) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'tours/no-cross-feature-imports').map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO, encoding: 'utf8', env: { ...process.env, SAMPLES: JSON.stringify(samples.map(([file, code]) => [path.join(REPO, 'mfe-comms/src', file), code])) },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

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
  beforeAll(() => { results = lintSamples(CASES.map(([file, code]) => [file, code] as const)); }, 120_000);

  it.each(CASES.map((c, i) => [i, ...c] as const))('#%i %s: %s', (i, _file, _code, expected) => {
    const messages = results[i]!;
    if (expected.length === 0) expect(messages).toEqual([]);
    for (const pattern of expected) expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
  });
});
