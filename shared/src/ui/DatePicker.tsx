import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { travellerToday, type IsoDate } from '../domain/dates';
import './ui.css';
import './DatePicker.css';

/** Dates are 'yyyy-MM-dd' strings (§5.3 date bounds), compared as text; arithmetic is done in UTC. */
export type { IsoDate };
export interface DateRange { start: IsoDate | null; end: IsoDate | null }

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function toIso(date: Date): IsoDate {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
export function fromIso(iso: IsoDate): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}
export function addDays(iso: IsoDate, days: number): IsoDate {
  const d = fromIso(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}
export function addMonths(month: IsoDate, n: number): IsoDate {
  const d = fromIso(month);
  return toIso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)));
}
/** Today in the visitor's calendar (the one convention: domain/dates.ts). */
export const todayIso = travellerToday;
/** A date bound: 'yyyy-MM-dd', or the word 'today' (§5.3); anything else is no bound. */
export function resolveBound(bound: string | null | undefined, now = new Date()): IsoDate | null {
  if (!bound) return null;
  if (bound === 'today') return todayIso(now);
  return ISO.test(bound) ? bound : null;
}

/**
 * A click in range mode (§4.13): the first click starts the range, the second ends it; the two are sorted.
 * A click after a complete range starts a new one.
 */
export function pickInRange(range: DateRange, day: IsoDate): DateRange {
  if (!range.start || range.end) return { start: day, end: null };
  return day < range.start ? { start: day, end: range.start } : { start: range.start, end: day };
}

/** The weeks of a month (Monday first), with null for the days of the neighbouring months. */
export function monthWeeks(month: IsoDate): (IsoDate | null)[][] {
  const first = fromIso(month.slice(0, 8) + '01');
  const year = first.getUTCFullYear();
  const m = first.getUTCMonth();
  const days = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7;
  const cells: (IsoDate | null)[] = [...Array<null>(offset).fill(null), ...Array.from({ length: days }, (_, i) => `${year}-${pad(m + 1)}-${pad(i + 1)}`)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export interface DatePickerProps {
  mode: 'single' | 'range';
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** How many months are shown side by side. */
  months?: number;
  /** Bounds: 'yyyy-MM-dd' or 'today'. */
  min?: string | null;
  max?: string | null;
  /** Names the calendar. */
  label?: string;
}

/** A calendar of one or several months picking a single date or a range (§2.10), month and day names from Intl. */
export function DatePicker({ mode, value, onChange, months = 2, min, max, label }: DatePickerProps) {
  const intl = useIntl();
  const lo = resolveBound(min);
  const hi = resolveBound(max);
  const initial = (value.start ?? lo ?? todayIso()).slice(0, 8) + '01';
  const [first, setFirst] = useState<IsoDate>(initial);
  const [focus, setFocus] = useState<IsoDate>(value.start ?? lo ?? todayIso());
  const grid = useRef<HTMLDivElement>(null);
  const formats = useMemo(() => ({
    month: new Intl.DateTimeFormat(intl.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat(intl.locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    weekday: new Intl.DateTimeFormat(intl.locale, { weekday: 'short', timeZone: 'UTC' }),
  }), [intl.locale]);
  const weekdays = useMemo(() => Array.from({ length: 7 }, (_, i) => formats.weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))), [formats]);
  const disabled = (day: IsoDate) => Boolean((lo && day < lo) || (hi && day > hi));
  const choose = (day: IsoDate) => {
    if (disabled(day)) return;
    setFocus(day);
    onChange(mode === 'single' ? { start: day, end: null } : pickInRange(value, day));
  };
  const shown = Array.from({ length: months }, (_, i) => addMonths(first, i));
  const lastShown = addMonths(first, months);
  const moveFocus = (day: IsoDate) => {
    setFocus(day);
    if (day < first) setFirst(day.slice(0, 8) + '01');
    else if (day >= lastShown) setFirst(addMonths(day.slice(0, 8) + '01', 1 - months));
    requestAnimationFrame(() => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, day: IsoDate) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (step) {
      e.preventDefault();
      moveFocus(addDays(day, step));
    }
  };
  const inRange = (day: IsoDate) => Boolean(value.start && value.end && day > value.start && day < value.end);
  const canPrev = !lo || first > lo;
  const canNext = !hi || lastShown <= hi;
  return (
    <div className="ui-datepicker" role="group" aria-label={label}>
      <div className="ui-datepicker__nav">
        <button type="button" className="ui-datepicker__step" disabled={!canPrev} onClick={() => setFirst(addMonths(first, -1))} aria-label={intl.formatMessage({ id: 'datePicker.previousMonth' })}>‹</button>
        <button type="button" className="ui-datepicker__step" disabled={!canNext} onClick={() => setFirst(addMonths(first, 1))} aria-label={intl.formatMessage({ id: 'datePicker.nextMonth' })}>›</button>
      </div>
      <div className="ui-datepicker__months" ref={grid}>
        {shown.map((month) => (
          <table key={month} className="ui-datepicker__month" role="grid" aria-label={formats.month.format(fromIso(month))}>
            <caption className="ui-datepicker__caption">{formats.month.format(fromIso(month))}</caption>
            <thead>
              <tr>{weekdays.map((w) => <th key={w} scope="col" abbr={w}>{w}</th>)}</tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week, wi) => (
                <tr key={wi}>
                  {week.map((day, di) => (
                    <td key={di}>
                      {day && (
                        <button
                          type="button"
                          data-day={day}
                          className={[
                            'ui-datepicker__day',
                            day === value.start || day === value.end ? 'ui-datepicker__day--chosen' : '',
                            inRange(day) ? 'ui-datepicker__day--between' : '',
                            day === todayIso() ? 'ui-datepicker__day--today' : '',
                          ].filter(Boolean).join(' ')}
                          disabled={disabled(day)}
                          tabIndex={day === focus ? 0 : -1}
                          aria-pressed={day === value.start || day === value.end || inRange(day)}
                          aria-label={formats.day.format(fromIso(day))}
                          onClick={() => choose(day)}
                          onKeyDown={(e) => onKeyDown(e, day)}
                        >
                          {Number(day.slice(8))}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
