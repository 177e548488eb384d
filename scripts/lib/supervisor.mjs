/* global AbortController */
// A small process supervisor for `npm start`, the e2e setup and the benchmark (processes.mjs → startProduct).
// Each server runs in a node process of its own, so one crash cannot take the others down:
// - a child that exits on its own after it was ready is restarted after 1 s, 2 s, 4 s … (at most 10 s), with one
//   line on stderr; after 5 crashes within a minute it is given up on, loudly, and the rest keep running;
// - a child that exits before it was ready fails its `ready` promise instead (a start that fails once, say a port
//   in use or a missing build, fails the same way again: the caller stops everything and reports it);
// - stop() sends SIGTERM to every child, SIGKILL to any still running a few seconds later, and resolves when all
//   have exited; SIGINT/SIGTERM to this process do the same (and, when nobody else handles the signal, end this
//   process as the signal would have), and so does this process exiting;
// - children run in process groups of their own (a terminal's Ctrl+C reaches this process only, which stops them
//   in order) and with parent-watch.mjs preloaded, so they exit when this process dies even by SIGKILL.
import { spawn } from 'node:child_process';

const PARENT_WATCH = new URL('./parent-watch.mjs', import.meta.url).href;

// Supervisors with children: one signal handler for all of them.
const active = new Set();
const SIGNALS = ['SIGINT', 'SIGTERM'];
function onSignal(signal) {
  const handledElsewhere = process.listenerCount(signal) > 1;
  void Promise.all([...active].map((s) => s.stop())).then(() => {
    if (handledElsewhere) return;
    // Nobody else decides what this signal means: end as it would have without us.
    uninstall();
    process.kill(process.pid, signal);
  });
}
function onExit() {
  for (const s of active) s.killNow();
}
function install() {
  if (active.size > 0) return;
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('exit', onExit);
}
function uninstall() {
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('exit', onExit);
}

const describeExit = (code, signal) => (code !== null ? `code ${code}` : `signal ${signal}`);
const seconds = (ms) => `${Number((ms / 1000).toFixed(2))} s`;
const running = (child) => Boolean(child) && child.exitCode === null && child.signalCode === null;

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch { /* already gone */ }
  }
}

/**
 * @param {object} [options]
 * @param {(line: string) => void} [options.log] where restart and give-up lines go (stderr)
 * @param {number} [options.restartDelayMs] first restart delay, doubled per recent crash
 * @param {number} [options.maxRestartDelayMs]
 * @param {number} [options.maxCrashes] crashes within crashWindowMs after which a child is not restarted
 * @param {number} [options.crashWindowMs]
 * @param {number} [options.killAfterMs] SIGTERM → SIGKILL grace on stop
 */
export function createSupervisor({
  log = (line) => console.error(line),
  restartDelayMs = 1000,
  maxRestartDelayMs = 10_000,
  maxCrashes = 5,
  crashWindowMs = 60_000,
  killAfterMs = 5000,
} = {}) {
  const entries = new Map();
  let stopping = null;

  function spawnChild(entry) {
    const { spec } = entry;
    const child = spawn(process.execPath, ['--import', PARENT_WATCH, ...spec.args], {
      cwd: spec.cwd,
      env: { ...(spec.env ?? process.env), SUPERVISOR_PID: String(process.pid), SUPERVISOR_KILL_AFTER_MS: String(killAfterMs) },
      stdio: spec.stdio ?? ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    entry.child = child;
    let done = false;
    const exited = (code, signal) => {
      if (done) return;
      done = true;
      onExit(entry, child, code, signal);
    };
    child.once('exit', exited);
    child.once('error', (error) => {
      // Only a failed spawn leaves no 'exit' to follow.
      if (child.pid === undefined) {
        log(`[supervisor] ${entry.name} could not be started: ${error.message}`);
        exited(null, 'spawn error');
      }
    });
  }

  function onExit(entry, child, code, signal) {
    if (entry.child === child) entry.child = null;
    for (const resolve of entry.waiters.splice(0)) resolve();
    if (stopping || entry.restarting) return;
    if (!entry.ready) {
      entry.failReady(new Error(`${entry.name} exited (${describeExit(code, signal)}) before it was ready`));
      return;
    }
    const now = Date.now();
    entry.crashes = entry.crashes.filter((t) => now - t < crashWindowMs);
    entry.crashes.push(now);
    if (entry.crashes.length >= maxCrashes) {
      entry.gaveUp = true;
      log(`[supervisor] !!! ${entry.name} exited (${describeExit(code, signal)}) ${entry.crashes.length} times within ${seconds(crashWindowMs)}: NOT restarting it again. The others keep running; restart the product to bring it back.`);
      return;
    }
    const delay = Math.min(restartDelayMs * 2 ** (entry.crashes.length - 1), maxRestartDelayMs);
    log(`[supervisor] ${entry.name} exited (${describeExit(code, signal)}); restarting in ${seconds(delay)}`);
    entry.restartTimer = setTimeout(() => {
      entry.restartTimer = null;
      if (!stopping) spawnChild(entry);
    }, delay);
  }

  function terminate(entry) {
    const { child } = entry;
    if (!running(child)) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), killAfterMs);
      entry.waiters.push(() => {
        clearTimeout(kill);
        resolve();
      });
      signalGroup(child, 'SIGTERM');
    });
  }

  const supervisor = {
    /**
     * Starts `node [--import parent-watch] ...spec.args`. spec: { name, args, env?, cwd?, stdio?, ready? } where
     * ready(signal) resolves once the child serves (e.g. waitForHttp) and should give up when `signal` aborts.
     * Returns { name, ready: Promise<void>, pid }.
     */
    start(spec) {
      if (stopping) throw new Error(`cannot start ${spec.name}: the supervisor is stopping`);
      if (entries.has(spec.name)) throw new Error(`${spec.name} is already supervised`);
      install();
      active.add(supervisor);
      const controller = new AbortController();
      const entry = { name: spec.name, spec, child: null, crashes: [], waiters: [], restartTimer: null, gaveUp: false, ready: !spec.ready, failReady: () => {} };
      entries.set(spec.name, entry);
      const ready = spec.ready
        ? new Promise((resolve, reject) => {
            entry.failReady = (error) => {
              controller.abort(error);
              reject(error);
            };
            Promise.resolve()
              .then(() => spec.ready(controller.signal))
              .then(() => {
                if (controller.signal.aborted) return;
                entry.ready = true;
                resolve();
              }, entry.failReady);
          })
        : Promise.resolve();
      // The caller may never await it (e.g. once another child failed first).
      ready.catch(() => {});
      spawnChild(entry);
      return { name: spec.name, ready, get pid() { return entry.child?.pid; } };
    },

    /** Stops every child; resolves when all have exited. Safe to call more than once. */
    stop() {
      if (!stopping) {
        stopping = (async () => {
          for (const entry of entries.values()) {
            clearTimeout(entry.restartTimer);
            if (!entry.ready) entry.failReady(new Error(`stopped before ${entry.name} was ready`));
          }
          await Promise.all([...entries.values()].map(terminate));
          active.delete(supervisor);
          if (active.size === 0) uninstall();
        })();
      }
      return stopping;
    },

    /**
     * A planned restart of one child (the cluster's rolling restart): SIGTERM (it drains), wait for its exit, start it
     * again, and resolve once it is ready again (spec.ready). Not counted as a crash.
     */
    async restart(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${name} is not supervised`);
      if (stopping) throw new Error(`cannot restart ${name}: the supervisor is stopping`);
      entry.restarting = true;
      try {
        clearTimeout(entry.restartTimer);
        await terminate(entry);
      } finally {
        entry.restarting = false;
      }
      if (stopping) return;
      spawnChild(entry);
      if (entry.spec.ready) {
        const controller = new AbortController();
        const child = entry.child;
        child?.once('exit', () => controller.abort(new Error(`${name} exited before it was ready again`)));
        await entry.spec.ready(controller.signal);
      }
    },

    /** Last resort while this process exits: SIGTERM to every child, synchronously. */
    killNow() {
      for (const entry of entries.values()) {
        clearTimeout(entry.restartTimer);
        if (running(entry.child)) signalGroup(entry.child, 'SIGTERM');
      }
    },

    /** name → { pid (null while down), restarts within the window, gaveUp } */
    status() {
      return Object.fromEntries([...entries.values()].map((e) => [e.name, { pid: running(e.child) ? e.child.pid : null, crashes: e.crashes.length, gaveUp: e.gaveUp }]));
    },
  };
  return supervisor;
}
