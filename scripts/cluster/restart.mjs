#!/usr/bin/env node
// `npm run cluster:restart` (issue 31): a rolling restart of the running cluster (`npm start -- --cluster`): every API
// process, then every host process, one at a time, each drained first (docs/deploying.md). Follows the steps and
// exits 0 when all are back, 1 when one failed or no cluster runs.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PID_FILE, RESTART_FILE } from './control.mjs';

if (!existsSync(PID_FILE)) {
  console.error('No cluster is running here (start it with `npm start -- --cluster`).');
  process.exit(1);
}
const pid = Number(readFileSync(PID_FILE, 'utf8'));
const asked = Date.now();
try {
  process.kill(pid, 'SIGHUP');
} catch (error) {
  console.error(`The cluster (pid ${pid}) did not take the signal: ${error.message}`);
  process.exit(1);
}
let shown = 0;
for (;;) {
  await sleep(250);
  let status = null;
  try {
    status = JSON.parse(readFileSync(RESTART_FILE, 'utf8'));
  } catch { /* not written yet */ }
  if (!status || status.at < asked) continue;
  for (const line of status.steps.slice(shown)) console.log(line);
  shown = status.steps.length;
  if (status.state === 'done') {
    console.log('Rolling restart done.');
    process.exit(0);
  }
  if (status.state === 'failed') {
    console.error(`Rolling restart failed: ${status.error}`);
    process.exit(1);
  }
}
