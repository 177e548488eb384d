/**
 * Resolves in a later task, so the browser can paint and answer input in between (issue 33: the long start-up task
 * split in parts). A zero timer: start-up is not deep in nested timers, so it is not clamped.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
