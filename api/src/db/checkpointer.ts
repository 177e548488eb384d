/**
 * WAL checkpoints off the request path (SQLite). By default SQLite checkpoints inside the commit that grows the WAL
 * past 1,000 pages: that commit copies the pages into the database file and syncs it, about 6 ms on this machine with
 * the event loop stopped, so under load every in-flight request waits (measured: a submit every ~100 took the pause,
 * the 16 in flight with it). Here a worker thread with a connection of its own checkpoints every CHECKPOINT_EVERY_MS
 * in PASSIVE mode, which never blocks the API's writers or readers; the API's own connection keeps SQLite's
 * automatic checkpoint only as a backstop (BACKSTOP_PAGES), for a worker that stalled or died.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_EVERY_MS = 250;
/** The API's connection checkpoints by itself once the WAL holds this many pages (40 MB of 4 KB pages). */
export const BACKSTOP_PAGES = 10_000;

// Plain JavaScript (a worker does not run the API's TypeScript loader). Errors go to the parent, which logs them.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a WAL-mode SQLite database) from a worker thread. */
export function startCheckpointer(file: string, options: { everyMs?: number; onError?: (message: string) => void } = {}): Checkpointer {
  const driver = createRequire(__filename).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS } });
  // The API's shutdown closes it; it never keeps a process alive by itself.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (err) => options.onError?.(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
