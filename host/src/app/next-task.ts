/**
 * Resolves in a later task, so the browser can paint and answer input in between (issue 33: a long start-up task
 * split in parts). `scheduler.yield` where Chromium has it (the continuation goes ahead of other queued work),
 * else a message: neither is clamped like a nested timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
