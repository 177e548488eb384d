/** @jest-environment node */
/** The graceful stop behind a balancer (issue 31): readiness drops at once, the close waits DRAIN_MS. */
import { createDrain, drainMsFrom, readinessAnswer } from './drain';

test('readiness is 503 from the stop on, the close comes DRAIN_MS later, then the process exits 0', async () => {
  const events: string[] = [];
  const drain = createDrain({ drainMs: 60, close: async () => void events.push('closed'), exit: (code) => void events.push(`exit ${code}`) });
  expect(readinessAnswer(drain)).toEqual({ status: 200, body: { ok: true } });
  const started = Date.now();
  const stopped = drain.stop('SIGTERM');
  expect(readinessAnswer(drain)).toEqual({ status: 503, body: { message: 'Draining' } });
  expect(events).toEqual([]);
  await stopped;
  expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  expect(events).toEqual(['closed', 'exit 0']);
  // A second signal does not close twice.
  await drain.stop('SIGINT');
  expect(events).toEqual(['closed', 'exit 0']);
});

test('a close that fails exits 1', async () => {
  const codes: number[] = [];
  await createDrain({ drainMs: 0, close: () => Promise.reject(new Error('busy')), exit: (code) => void codes.push(code) }).stop('SIGTERM');
  expect(codes).toEqual([1]);
});

test.each([
  [undefined, 0],
  ['', 0],
  ['2500', 2500],
  ['-5', 0],
  ['soon', 0],
])('DRAIN_MS=%p → %p ms', (value, ms) => {
  expect(drainMsFrom(value === undefined ? {} : { DRAIN_MS: value })).toBe(ms);
});
