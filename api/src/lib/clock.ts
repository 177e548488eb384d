/**
 * The service's two clocks.
 *
 * - The product's clock (Services.now): what day it is for the catalogue (departures ahead, "today" in search, the
 *   seed) and every expiry the API alone sets and checks (codes, links, tokens, rate windows). CLOCK_START
 *   starts it at a given instant when the process starts, and it ticks on in real time from there: the e2e suites run
 *   the whole product on one fixed calendar, as jest does (scripts/jest/fixed-clock.ts), so they answer the same on
 *   any day.
 * - The wall clock: real time, for values checked by another party on its own clock (kamailio: the SIP credentials'
 *   expiry; altcha-lib: the captcha challenges'). It ignores CLOCK_START and a patched Date.
 */
export type Clock = () => number;

/** The product's clock: real time, or real time moved to start at `start` (ms) now. */
export function serviceClock(start: number | null, real: Clock = Date.now): Clock {
  if (start === null) return real;
  const offset = start - real();
  return () => real() + offset;
}

/** Real time, whatever Date says (jest's fixed calendar patches Date; performance is left alone). */
export const wallClock: Clock = () => Math.round(performance.timeOrigin + performance.now());
