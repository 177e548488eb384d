import { afterLoad } from './after-load';

/** A window whose load and idle moments the test decides. */
function fakeWindow(readyState: 'loading' | 'complete', withIdle = true) {
  const listeners: Array<() => void> = [];
  const idle: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => type === 'load' && listeners.push(fn),
    requestIdleCallback: withIdle ? (fn: () => void) => idle.push(fn) : undefined,
    setTimeout: (fn: () => void) => timers.push(fn),
  } as unknown as Window;
  return { win, load: () => listeners.forEach((fn) => fn()), idle, timers };
}

test('before the load: nothing runs until the load, then in an idle moment', () => {
  const w = fakeWindow('loading');
  const task = jest.fn();
  afterLoad(task, { win: w.win });
  expect(w.idle).toHaveLength(0);
  w.load();
  expect(task).not.toHaveBeenCalled();
  w.idle.forEach((fn) => fn());
  expect(task).toHaveBeenCalledTimes(1);
});

test('after the load: the next idle moment; without requestIdleCallback a timer', () => {
  const loaded = fakeWindow('complete');
  const task = jest.fn();
  afterLoad(task, { win: loaded.win });
  expect(loaded.idle).toHaveLength(1);
  const old = fakeWindow('complete', false);
  afterLoad(task, { win: old.win });
  expect(old.timers).toHaveLength(1);
  old.timers[0]!();
  loaded.idle[0]!();
  expect(task).toHaveBeenCalledTimes(2);
});
