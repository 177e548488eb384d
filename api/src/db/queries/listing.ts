/**
 * Which tours a traveller's lists and pages show (issue 32): published ones, and no excursion while the app
 * configuration's excursionsEnabled is false (public-site §3.8). The one rule, shared by every query that lists a
 * tour or opens one to a traveller (search, main page, similar tours, organizer pages, tour selection, the tour page,
 * requests naming a tour), in two forms: a SQL condition and the same check on a row already read.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The part of the configuration the rule reads (the API's config satisfies it). */
export interface Listing {
  excursionsEnabled: boolean;
}

/** The excursion type of `tours.type` (1 tour, 2 excursion). */
const EXCURSION = 2;

/** SQL: the tour under `alias` is not an excursion hidden by the configuration (published or not). */
export function shownKind(alias: string, listing: Listing): RawBuilder<SqlBool> {
  return listing.excursionsEnabled ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(`${alias}.type`)} <> ${sql.lit(EXCURSION)}`;
}

/** SQL: the tour under `alias` is listed to travellers: published, and of a kind the site shows. */
export function listedTour(alias: string, listing: Listing): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.is_published`)} = 1 and ${shownKind(alias, listing)}`;
}

/** `shownKind` on a tour row already read. */
export function isShownKind(tour: { type: number }, listing: Listing): boolean {
  return listing.excursionsEnabled || Number(tour.type) !== EXCURSION;
}

/** `listedTour` on a tour row already read. */
export function isListedTour(tour: { is_published: number; type: number }, listing: Listing): boolean {
  return Number(tour.is_published) === 1 && isShownKind(tour, listing);
}
