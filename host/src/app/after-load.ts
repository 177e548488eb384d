/**
 * Runs `task` once the page is interactive: after the window's load, in an idle moment (at the latest after
 * `timeout` ms), so work nobody waits for stays out of the load's long tasks (issue 33, total blocking time).
 */
export function afterLoad(task: () => void, { win = window, timeout = 5_000 }: { win?: Window; timeout?: number } = {}): void {
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(task, { timeout }) : win.setTimeout(task, 1_000));
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
