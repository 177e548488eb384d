/** The SIP adapter as the call tests play it (the seam the call panel and the agent's line are tested at). */
import type { CallAdapter } from './sip-adapter';

/**
 * An adapter whose every method records its name in `calls` (in the order the code under test asks);
 * `fail` makes registering, starting or answering reject with that cause after recording it.
 */
export function recordingAdapter(calls: string[], fail: { register?: unknown; start?: unknown; answer?: unknown } = {}): jest.Mocked<CallAdapter> {
  const step = (name: keyof CallAdapter, error?: unknown) =>
    jest.fn(async () => {
      calls.push(name);
      if (error) throw error;
    });
  return {
    register: step('register', fail.register),
    start: step('start', fail.start),
    answer: step('answer', fail.answer),
    decline: step('decline'),
    hangup: step('hangup'),
    hold: step('hold'),
    unhold: step('unhold'),
    mute: jest.fn(() => void calls.push('mute')),
    unmute: jest.fn(() => void calls.push('unmute')),
    disconnect: step('disconnect'),
  };
}
