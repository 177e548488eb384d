/**
 * The filters dropdown of public-site §2.5 / §4.12: its sixteen screens, their headings, which filter fields each
 * screen sets and which option sections (§3.3) it shows. Pure, for table tests.
 */
import { DEFAULT_FILTER, type TourFilter } from '@tours/shared/domain';
import type { FilterSection } from '@tours/shared/api';
import type { MessageId } from '../../../i18n/t';

export type ScreenName =
  | 'common' | 'direction' | 'restKinds' | 'dates' | 'price' | 'duration' | 'accommodation' | 'minAge' | 'comfort' | 'difficulty'
  | 'languages' | 'groupSize' | 'cruises_types' | 'cruises_start_city' | 'cruises_direction' | 'cruises_ships';

/** Message ids of the headings (en: 'Search tours', 'Where to go?', 'Travel Style', …). */
export const SCREEN_HEADING: Readonly<Record<ScreenName, MessageId>> = {
  common: 'filters.screen.common',
  direction: 'filters.screen.direction',
  restKinds: 'filters.screen.restKinds',
  dates: 'filters.screen.dates',
  price: 'filters.screen.price',
  duration: 'filters.screen.duration',
  accommodation: 'filters.screen.accommodation',
  minAge: 'filters.screen.minAge',
  comfort: 'filters.screen.comfort',
  difficulty: 'filters.screen.difficulty',
  languages: 'filters.screen.languages',
  groupSize: 'filters.screen.groupSize',
  cruises_types: 'filters.screen.cruises_types',
  cruises_start_city: 'filters.screen.cruises_start_city',
  cruises_direction: 'filters.screen.cruises_direction',
  cruises_ships: 'filters.screen.cruises_ships',
};

/** The filter fields each screen sets ('Clear' on a sub-screen resets exactly these). */
export const SCREEN_FIELDS: Readonly<Record<Exclude<ScreenName, 'common'>, readonly (keyof TourFilter)[]>> = {
  direction: ['regions', 'cities', 'countries', 'continent', 'placeName', 'lat', 'lng', 'radius'],
  restKinds: ['restKinds', 'collections'],
  dates: ['dateFrom', 'dateTo'],
  price: ['priceMin', 'priceMax', 'pricePerDayMin', 'pricePerDayMax'],
  duration: ['daysMin', 'daysMax'],
  accommodation: ['accommodation'],
  minAge: ['minAge'],
  comfort: ['comfort'],
  difficulty: ['difficulty'],
  languages: ['languages'],
  groupSize: ['maxGroupSize'],
  cruises_types: ['cruisesType'],
  cruises_start_city: ['cruisesStartCity', 'onlyReturningCruises'],
  cruises_direction: ['waterObject', 'cities', 'regions', 'showplace'],
  cruises_ships: ['ships'],
};

/** The option sections (answer of /spa/tours?expand=filters) a screen lists. */
export const SCREEN_SECTIONS: Readonly<Partial<Record<ScreenName, readonly FilterSection[]>>> = {
  direction: ['tours_direction'],
  restKinds: ['tours_activities', 'collections'],
  dates: ['dates'],
  price: ['price'],
  duration: ['duration'],
  accommodation: ['accommodation'],
  minAge: ['age'],
  comfort: ['comfort'],
  difficulty: ['difficulty'],
  languages: ['languages'],
  groupSize: ['group_size'],
  cruises_types: ['cruises_types'],
  cruises_start_city: ['cruises_start_city'],
  cruises_direction: ['cruises_direction'],
  cruises_ships: ['cruises_ships'],
};

/** The sub-screens of a tab, in the order of the common list. 'languages' can be left out (§2.5: one version excludes it). */
export function screensFor(cruises: boolean, withLanguages = true): Exclude<ScreenName, 'common'>[] {
  if (cruises) return ['cruises_types', 'cruises_start_city', 'cruises_direction', 'cruises_ships', 'dates', 'price', 'duration'];
  const all: Exclude<ScreenName, 'common'>[] = ['direction', 'restKinds', 'dates', 'price', 'duration', 'accommodation', 'minAge', 'comfort', 'difficulty', 'languages', 'groupSize'];
  return withLanguages ? all : all.filter((s) => s !== 'languages');
}

function resetFields(filter: TourFilter, fields: readonly (keyof TourFilter)[]): TourFilter {
  const out = { ...filter } as unknown as Record<string, unknown>;
  for (const key of fields) out[key] = Array.isArray(DEFAULT_FILTER[key]) ? [] : DEFAULT_FILTER[key];
  return out as unknown as TourFilter;
}

/** 'Clear' on a sub-screen: its own fields back to their defaults. */
export function clearScreen(filter: TourFilter, screen: Exclude<ScreenName, 'common'>): TourFilter {
  return resetFields(filter, SCREEN_FIELDS[screen]);
}

/** 'Reset all filters': every screen's fields of both tabs and the operator choice; the tab, the text and the sort stay. */
export function resetAll(filter: TourFilter): TourFilter {
  const fields = new Set<keyof TourFilter>([...Object.values(SCREEN_FIELDS).flat(), 'operatorType', 'isAuthorTourSearch', 'type', 'organizer']);
  return { ...resetFields(filter, [...fields]), page: 1 };
}

/** Applying resets the page to 1 (§2.5). */
export function applied(filter: TourFilter): TourFilter {
  return { ...filter, page: 1 };
}

/** Whether a screen has a value set (the common list marks it). */
export function screenIsSet(filter: TourFilter, screen: Exclude<ScreenName, 'common'>): boolean {
  return SCREEN_FIELDS[screen].some((key) => {
    const v = filter[key];
    return Array.isArray(v) ? v.length > 0 : v !== DEFAULT_FILTER[key];
  });
}

/** Adds or removes a value of a list field. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
