/* global setInterval, clearInterval */
// Preloaded (`node --import`) into every child of the supervisor (supervisor.mjs): a child must not outlive the
// process that started it, even when that one is killed with SIGKILL and can stop nothing. When the parent is
// gone (this process was re-parented), the child sends itself SIGTERM, so its own graceful shutdown runs, and
// exits anyway after the supervisor's kill grace (SUPERVISOR_KILL_AFTER_MS). Does nothing unless SUPERVISOR_PID
// names the parent.
const parent = Number(process.env.SUPERVISOR_PID);
const grace = Number(process.env.SUPERVISOR_KILL_AFTER_MS) || 5000;
const orphaned = () => {
  setTimeout(() => process.exit(1), grace).unref();
  process.kill(process.pid, 'SIGTERM');
};
if (parent > 1 && process.ppid !== parent) {
  // Gone before this child even started.
  process.exit(1);
} else if (parent > 1) {
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    orphaned();
  }, 250);
  // Never the reason a child stays up.
  timer.unref();
}
