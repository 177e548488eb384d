/**
 * The deterministic catalogue generator: the same seed, size and date give the same data.
 * Every entity kind draws from its own PRNG stream (derived from the seed and the kind's name).
 */
import { generateBlog } from './blog';
import { applyHostileHtml, HOSTILE_TOUR_IDS } from './hostile';
import { generateOrganizers } from './organizers';
import { Rng } from './prng';
import { generateReviews, rollUpRatings } from './reviews';
import { generateTours } from './tours';
import type { GenerateOptions, Rows } from './types';
import { buildWorld } from './world';

export { HOSTILE_TOUR_IDS };
export { FIRST_TOUR_ID } from './tours';
export type { GenerateOptions } from './types';

/** Bump when the generator's output changes: databases seeded by another version are re-seeded on start. */
export const GENERATOR_VERSION = 4;
export const DEFAULT_SEED = 42;
export const DEFAULT_CATALOGUE_SIZE = 3200;

export interface Catalogue {
  options: GenerateOptions;
  rows: Rows;
  stats: { tours: number; regions: number; russianRegions: number; countries: number; rows: number };
}

const ALL_TABLES: (keyof Rows)[] = [
  'meta', 'site_settings', 'countries', 'regions', 'cities', 'showplaces', 'water_objects', 'water_object_regions', 'ships', 'cruise_types',
  'rest_kinds', 'collections', 'slug_index', 'organizers', 'experts', 'tours', 'tour_regions', 'tour_cities', 'tour_rest_kinds',
  'tour_collections', 'tour_showplaces', 'tour_water_objects', 'tour_languages', 'tour_accommodation_kinds', 'tour_guides', 'tour_options',
  'tour_variants', 'excursion_times', 'program_days', 'main_impressions', 'tour_faq', 'tour_accommodations', 'accommodation_variants',
  'discounts', 'penalties', 'reviews', 'ticket_routes', 'ticket_notes', 'blog_categories', 'blog_posts', 'contact_phones',
  'contact_countries', 'social_groups', 'chat_sources', 'currency_rates', 'work_schedules',
];

export function generateCatalogue(options: GenerateOptions): Catalogue {
  const { seed, size, today } = options;
  if (!Number.isInteger(size) || size < 1) throw new Error(`Catalogue size must be a positive integer, got ${size}`);
  const { world, rows: worldRows } = buildWorld(today);
  const { organizers, rows: organizerRows } = generateOrganizers(Rng.derive(seed, 'organizers'), world.regions, Math.max(20, Math.round(size / 10)));
  const tours = generateTours(Rng.derive(seed, 'tours'), world, organizers, today, size);
  const reviews = generateReviews(Rng.derive(seed, 'reviews'), tours.tours, organizers, today);
  const blog = generateBlog(Rng.derive(seed, 'blog'), world.regions, today, Math.max(24, Math.round(size / 50)));
  const empty = Object.fromEntries(ALL_TABLES.map((t) => [t, []])) as unknown as Rows;
  const rows: Rows = { ...empty, ...worldRows, ...organizerRows, ...tours.rows, reviews, ...blog };
  rollUpRatings(rows);
  applyHostileHtml(rows);
  const total = ALL_TABLES.reduce((sum, t) => sum + rows[t].length, 0);
  return {
    options,
    rows,
    stats: {
      tours: rows.tours.length,
      regions: rows.regions.length,
      russianRegions: rows.regions.filter((r) => r.country_id === 1).length,
      countries: new Set(rows.regions.map((r) => r.country_id)).size,
      rows: total,
    },
  };
}

export { ALL_TABLES };
