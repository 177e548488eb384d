/**
 * Every jest project runs on a fixed calendar (TEST_NOW), so rules that depend on the date (seasons, "this
 * year", expiries, departures N days ahead) give the same answer on any day. The clock still ticks from
 * there in real time: code that measures elapsed time or waits for a deadline keeps working, and a test that
 * wants a frozen instant uses jest's fake timers as before (they start from this clock).
 */
export const TEST_NOW = Date.UTC(2026, 2, 10, 9, 0, 0); // Tuesday 10 March 2026, 12:00 in Moscow

const RealDate = Date;
const offset = TEST_NOW - RealDate.now();

class FixedClockDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...(args as [string | number | Date]));
  }

  static now(): number {
    return RealDate.now() + offset;
  }

  // Dates made by code that kept the original constructor (node internals, jsdom) are dates too.
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

// Code that finds constructors by name (webpack's serializer evaluates `return ${type.name}`) must find Date.
Object.defineProperty(FixedClockDate, 'name', { value: 'Date' });

globalThis.Date = FixedClockDate as DateConstructor;
