import { lazy, Suspense, type ComponentProps } from 'react';
import type { DatePicker as DatePickerComponent } from './DatePicker';
import type { DatePickerDropdown as DatePickerDropdownComponent } from './DatePickerDropdown';

/**
 * The date picker and its dropdown, loaded on first use: @tours/shared is one singleton that every page loads, so
 * the calendar (its code and CSS) is a separate chunk of the shared build instead of weighing on every first visit.
 */
const LazyDatePicker = lazy(() => import('./DatePicker').then((m) => ({ default: m.DatePicker })));
const LazyDatePickerDropdown = lazy(() => import('./DatePickerDropdown').then((m) => ({ default: m.DatePickerDropdown })));

export type { DateRange, DatePickerProps, IsoDate } from './DatePicker';
export type { DatePickerDropdownProps } from './DatePickerDropdown';

/** The calendar of §2.10 (several months, single date or range); a skeleton shows while its chunk loads. */
export function DatePicker(props: ComponentProps<typeof DatePickerComponent>) {
  return (
    <Suspense fallback={<span className="ui-skeleton ui-skeleton--block" aria-hidden="true" />}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

/** The date-picker dropdown of §2.10 (fullscreen with 'select dates' below md). */
export function DatePickerDropdown(props: ComponentProps<typeof DatePickerDropdownComponent>) {
  return (
    <Suspense fallback={<span className="ui-skeleton ui-skeleton--line" aria-hidden="true" />}>
      <LazyDatePickerDropdown {...props} />
    </Suspense>
  );
}
