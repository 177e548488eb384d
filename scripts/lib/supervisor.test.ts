/**
 * The supervisor of `npm start` (supervisor.mjs), driven from a separate node process as startProduct drives it:
 * crashes are restarted with a logged line and given up on after the cap, stop() ends every child (SIGKILL for one
 * that ignores SIGTERM), and no child outlives its parent, whether that one is sent SIGTERM or killed with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SUPERVISOR = path.join(__dirname, 'supervisor.mjs');
let tmp: string;

/** Running and not a zombie (children re-parented to a pid 1 that does not reap stay zombies). */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Driver {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  /** pids of the children, from the "started <name> <pid>" lines they print. */
  pids: (name: string) => number[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startDriver(mode: 'all' | 'plain'): Driver {
  const child = spawn(process.execPath, [path.join(tmp, 'driver.mjs'), mode], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c));
  child.stderr!.on('data', (c: Buffer) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const pids = (name: string) => [...out.matchAll(new RegExp(`^started ${name} (\\d+)$`, 'gm'))].map((m) => Number(m[1]));
  return { child, out: () => out, err: () => err, pids, exited };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
  // A server that stays up; 'stubborn' ignores SIGTERM.
  writeFileSync(
    path.join(tmp, 'steady.mjs'),
    `console.log('started ' + process.argv[2] + ' ' + process.pid);
     if (process.argv[2] === 'stubborn') process.on('SIGTERM', () => {});
     setInterval(() => {}, 1000);`,
  );
  writeFileSync(path.join(tmp, 'crasher.mjs'), `console.log('started ' + process.argv[2] + ' ' + process.pid); setTimeout(() => process.exit(3), 30);`);
  writeFileSync(
    path.join(tmp, 'driver.mjs'),
    `import path from 'node:path';
     import { createSupervisor } from ${JSON.stringify(SUPERVISOR)};
     const here = ${JSON.stringify(tmp)};
     const sup = createSupervisor({ restartDelayMs: 50, maxRestartDelayMs: 200, maxCrashes: 3, crashWindowMs: 10000, killAfterMs: 400 });
     const run = (name, script, extra = {}) => sup.start({ name, args: [path.join(here, script), name], ...extra });
     run('steady', 'steady.mjs');
     run('stubborn', 'steady.mjs');
     if (process.argv[2] === 'all') {
       run('crasher', 'crasher.mjs');
       const early = run('early', 'crasher.mjs', { ready: () => new Promise(() => {}) });
       early.ready.catch((error) => console.log('ready failed: ' + error.message));
     }
     process.stdin.on('data', async (data) => {
       if (String(data).includes('restart')) {
         await sup.restart('steady');
         console.log('restarted, crashes ' + sup.status().steady.crashes);
         return;
       }
       if (!String(data).includes('stop')) return;
       const start = Date.now();
       await sup.stop();
       console.log('stopped in ' + (Date.now() - start) + ' ms');
       process.stdin.destroy();
     });`,
  );
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('supervisor', () => {
  it('restart() stops a child and starts it again, not counted as a crash (the cluster\'s rolling restart)', async () => {
    const d = startDriver('plain');
    await until(() => d.pids('steady').length === 1, 5000, 'the first start');
    const [before] = d.pids('steady');
    d.child.stdin!.write('restart\n');
    await until(() => d.out().includes('restarted'), 5000, 'restart()');
    expect(d.out()).toContain('restarted, crashes 0');
    await until(() => d.pids('steady').length === 2, 5000, 'the new start');
    const pids = d.pids('steady');
    expect(alive(before!)).toBe(false);
    expect(alive(pids[1]!)).toBe(true);
    expect(d.err()).not.toContain('steady exited');
    d.child.stdin!.write('stop\n');
    expect(await d.exited).toEqual({ code: 0, signal: null });
  });

  it('restarts a crashed child with a logged line, gives up after the cap, and stop() ends every child', async () => {
    const d = startDriver('all');
    await until(() => d.err().includes('NOT restarting'), 5000, 'the give-up line');
    const err = d.err();
    expect(err).toContain('[supervisor] crasher exited (code 3); restarting in 0.05 s');
    expect(err).toContain('[supervisor] crasher exited (code 3); restarting in 0.1 s');
    expect(err).toMatch(/\[supervisor\] !!! crasher exited \(code 3\) 3 times within 10 s: NOT restarting it again/);
    expect(d.pids('crasher')).toHaveLength(3);
    // A child that dies before it is ready fails its start instead of being restarted.
    await until(() => d.out().includes('ready failed'), 2000, 'the failed start');
    expect(d.out()).toContain('ready failed: early exited (code 3) before it was ready');
    expect(d.pids('early')).toHaveLength(1);
    expect(err).not.toContain('early exited');
    // The others were untouched.
    const [steady] = d.pids('steady');
    const [stubborn] = d.pids('stubborn');
    expect(alive(steady!)).toBe(true);
    expect(alive(stubborn!)).toBe(true);

    d.child.stdin!.write('stop\n');
    await until(() => d.out().includes('stopped in'), 5000, 'stop()');
    // Every child has exited once stop() resolves; the stubborn one took SIGKILL after the grace period.
    for (const pid of [steady!, stubborn!, ...d.pids('crasher')]) expect(alive(pid)).toBe(false);
    expect(Number(/stopped in (\d+) ms/.exec(d.out())![1])).toBeGreaterThanOrEqual(350);
    // Nothing left to keep the driver up: its signal handlers are gone too.
    expect(await d.exited).toEqual({ code: 0, signal: null });
  });

  it('SIGTERM to the parent stops every child, also after one crashed, then ends the parent as SIGTERM would', async () => {
    const d = startDriver('all');
    await until(() => d.err().includes('restarting'), 5000, 'a crash');
    const [steady] = d.pids('steady');
    const [stubborn] = d.pids('stubborn');
    d.child.kill('SIGTERM');
    const end = await d.exited;
    expect(end).toEqual({ code: null, signal: 'SIGTERM' });
    for (const pid of [steady!, stubborn!, ...d.pids('crasher')]) expect(alive(pid)).toBe(false);
  });

  it('no child outlives a parent killed with SIGKILL', async () => {
    const d = startDriver('plain');
    await until(() => d.pids('steady').length === 1 && d.pids('stubborn').length === 1, 5000, 'the children');
    const pids = [...d.pids('steady'), ...d.pids('stubborn')];
    d.child.kill('SIGKILL');
    await d.exited;
    // The steady one ends on its own SIGTERM; the stubborn one is made to exit after the kill grace (400 ms here).
    await until(() => !alive(pids[0]!), 2000, 'the steady child to exit');
    await until(() => !alive(pids[1]!), 3000, 'the stubborn child to exit');
  });
});
