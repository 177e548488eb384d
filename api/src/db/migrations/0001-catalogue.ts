/**
 * Migration 0001: the catalogue (public-site §3, accounts-and-comms §3).
 *
 * Texts: `<field>_en` and `<field>_cn` always hold text; `<field>_de` / `<field>_ru`, where present, may be null
 * and then fall back to English (answers mark it with `fallback_locale: 'en'`). Long texts exist only in en and cn.
 * Prices are integers in RUB. Dates are 'YYYY-MM-DD' text. Booleans are 0/1 integers.
 * There are no foreign-key constraints: the seed writes whole consistent catalogues in one transaction.
 */
import type { Kysely } from 'kysely';
import { createTables, type SchemaOf, type TableDef } from './tables';

const names = { name_en: 'text!', name_cn: 'text!', name_de: 'text', name_ru: 'text' } as const;
function link<A extends string, B extends string>(a: A, b: B) {
  return { columns: { [a]: 'int!', [b]: 'int!' } as Record<A | B, 'int!'>, primaryKey: [a, b], indexes: [[b, a]] } satisfies TableDef;
}

export const CATALOGUE_TABLES = {
  meta: { columns: { key: 'text!', value: 'text!' }, primaryKey: ['key'] },
  site_settings: { columns: { key: 'text!', value: 'text!' }, primaryKey: ['key'] },
  countries: {
    columns: { id: 'pk', iso_code: 'text!', iso3: 'text!', phone_code: 'text!', is_primary: 'bool', position: 'int!', ...names },
    indexes: [['iso_code']],
  },
  regions: {
    columns: {
      id: 'pk', country_id: 'int!', code: 'text!', slug: 'text!', ...names,
      short_en: 'text!', short_cn: 'text!', short_ru: 'text!', lat: 'real!', lng: 'real!', utc_offset_minutes: 'int!', weight: 'int!',
    },
    indexes: [['country_id'], ['slug']],
  },
  cities: {
    columns: { id: 'pk', region_id: 'int!', country_id: 'int!', slug: 'text!', ...names, lat: 'real!', lng: 'real!', utc_offset_minutes: 'int!' },
    indexes: [['region_id'], ['slug']],
  },
  showplaces: {
    columns: { id: 'pk', region_id: 'int!', city_id: 'int', slug: 'text!', ...names, lat: 'real!', lng: 'real!' },
    indexes: [['region_id'], ['slug']],
  },
  water_objects: { columns: { id: 'pk', kind: 'text!', slug: 'text!', ...names }, indexes: [['slug']] },
  water_object_regions: link('water_object_id', 'region_id'),
  ships: {
    columns: { id: 'pk', kind: 'text!', slug: 'text!', ...names, decks: 'int!', capacity: 'int!', built_year: 'int!' },
    indexes: [['slug']],
  },
  cruise_types: { columns: { id: 'pk', slug: 'text!', ...names } },
  rest_kinds: { columns: { id: 'pk', slug: 'text!', ...names, is_winter: 'bool' }, indexes: [['slug']] },
  collections: { columns: { id: 'pk', slug: 'text!', ...names, is_hidden: 'bool' }, indexes: [['slug']] },
  /** Every page slug that is not a tour or a blog post, to resolve /{slug} with one lookup. */
  slug_index: { columns: { slug: 'text!', kind: 'text!', entity_id: 'int!' }, primaryKey: ['slug'] },
  organizers: {
    columns: {
      id: 'pk', kind: 'text!', legal_form: 'int!', region_id: 'int!', name_en: 'text!', name_cn: 'text!',
      description_en: 'text!', description_cn: 'text!', is_email_verified: 'bool', is_phone_verified: 'bool',
      is_passport_verified: 'bool', marketplace_requests_with_direct_sale: 'bool', since_year: 'int!',
      rating: 'real!', reviews_count: 'int!', tours_count: 'int!',
    },
  },
  experts: {
    columns: {
      id: 'pk', organizer_id: 'int!', position: 'int!', is_main: 'bool', has_photo: 'bool',
      first_name_en: 'text!', last_name_en: 'text!', first_name_cn: 'text!', last_name_cn: 'text!', first_name_ru: 'text', last_name_ru: 'text',
    },
    indexes: [['organizer_id']],
  },
  tours: {
    columns: {
      id: 'pk', type: 'int!', is_cruise: 'bool',
      slug_en: 'text!', slug_cn: 'text!', slug_de: 'text!', slug_ru: 'text!',
      title_en: 'text!', title_cn: 'text!', title_de: 'text', title_ru: 'text',
      description_en: 'text!', description_cn: 'text!',
      main_location: 'text!', country_id: 'int!', main_region_id: 'int!', main_city_id: 'int', organizer_id: 'int!', main_rest_kind_id: 'int!',
      days: 'int!', hours: 'int',
      price: 'int!', price_without_discount: 'int!', price_per_day: 'int!',
      difficulty: 'int!', comfort: 'int!', accommodation: 'text!',
      group_min: 'int!', group_max: 'int!', min_age: 'int!', max_age: 'int', max_tourist_weight_in_kg: 'int',
      is_published: 'bool', is_indexed: 'bool', is_author_tour: 'bool', operator_type: 'text!', is_new: 'bool', is_very_hot: 'bool',
      is_dates_preliminary: 'bool', use_request_period: 'bool', request_period_start: 'text', request_period_end: 'text', nearest_date: 'text',
      lat: 'real!', lng: 'real!', gathering_place_en: 'text!', gathering_place_cn: 'text!',
      rating: 'real!', reviews_count: 'int!', image_count: 'int!',
      cruise_type_id: 'int', cruise_start_city_id: 'int', ship_id: 'int', is_returning_cruise: 'bool',
      special_tariff_en: 'text', special_tariff_cn: 'text',
      included_en: 'text!', included_cn: 'text!', excluded_en: 'text!', excluded_cn: 'text!',
      penalties_conditions_en: 'text!', penalties_conditions_cn: 'text!',
      organizational_details_en: 'text!', organizational_details_cn: 'text!',
      difficulty_description_en: 'text!', difficulty_description_cn: 'text!',
      excursion_program_description_en: 'text', excursion_program_description_cn: 'text',
      cabins_price_table_en: 'text', cabins_price_table_cn: 'text',
      living_base_description_en: 'text', living_base_description_cn: 'text', living_base_image_count: 'int!',
      comment_for_all_cities_en: 'text', comment_for_all_cities_cn: 'text',
      created_at: 'text!',
    },
    indexes: [
      ['is_published', 'type'], ['price'], ['price_per_day'], ['days'], ['main_region_id'], ['main_city_id'], ['organizer_id'],
      ['difficulty'], ['comfort'], ['accommodation'], ['group_max'], ['min_age'], ['operator_type'], ['is_cruise', 'cruise_type_id'],
      ['cruise_start_city_id'], ['ship_id'], ['nearest_date'], ['rating'],
    ],
  },
  tour_regions: link('tour_id', 'region_id'),
  tour_cities: { columns: { tour_id: 'int!', city_id: 'int!', position: 'int!', is_host: 'bool' }, primaryKey: ['tour_id', 'city_id'], indexes: [['city_id', 'tour_id']] },
  tour_rest_kinds: { columns: { tour_id: 'int!', rest_kind_id: 'int!', position: 'int!' }, primaryKey: ['tour_id', 'rest_kind_id'], indexes: [['rest_kind_id', 'tour_id']] },
  tour_collections: link('tour_id', 'collection_id'),
  tour_showplaces: link('tour_id', 'showplace_id'),
  tour_water_objects: link('tour_id', 'water_object_id'),
  tour_languages: { columns: { tour_id: 'int!', language: 'text!' }, primaryKey: ['tour_id', 'language'], indexes: [['language', 'tour_id']] },
  tour_accommodation_kinds: { columns: { tour_id: 'int!', kind: 'text!' }, primaryKey: ['tour_id', 'kind'], indexes: [['kind', 'tour_id']] },
  tour_guides: { columns: { tour_id: 'int!', expert_id: 'int!', position: 'int!' }, primaryKey: ['tour_id', 'expert_id'] },
  /** Other options of the tour (sibling tours): shown as tour_variants[] on the tour page. */
  tour_options: { columns: { tour_id: 'int!', option_tour_id: 'int!', position: 'int!' }, primaryKey: ['tour_id', 'option_tour_id'] },
  tour_variants: {
    columns: {
      id: 'pk', tour_id: 'int!', start: 'text!', end: 'text!', price: 'int!', price_without_discount: 'int!',
      is_busy: 'bool', number_of_free_seats: 'int!', not_guaranteed: 'bool',
    },
    indexes: [['tour_id', 'start'], ['start']],
  },
  excursion_times: { columns: { id: 'pk', tour_id: 'int!', date: 'text!', start: 'text!', end: 'text!' }, indexes: [['tour_id', 'date'], ['date']] },
  program_days: {
    columns: { id: 'pk', tour_id: 'int!', day: 'int!', title_en: 'text!', title_cn: 'text!', description_en: 'text!', description_cn: 'text!', image_count: 'int!' },
    indexes: [['tour_id', 'day']],
  },
  main_impressions: {
    columns: { id: 'pk', tour_id: 'int!', position: 'int!', title_en: 'text!', title_cn: 'text!', description_en: 'text!', description_cn: 'text!' },
    indexes: [['tour_id']],
  },
  tour_faq: {
    columns: { id: 'pk', tour_id: 'int!', position: 'int!', question_en: 'text!', question_cn: 'text!', answer_en: 'text!', answer_cn: 'text!' },
    indexes: [['tour_id']],
  },
  tour_accommodations: { columns: { id: 'pk', tour_id: 'int!', position: 'int!', nights: 'int!' }, indexes: [['tour_id']] },
  accommodation_variants: {
    columns: {
      id: 'pk', accommodation_id: 'int!', tour_id: 'int!', type: 'text!', description_en: 'text!', description_cn: 'text!',
      image_count: 'int!', registry_url: 'text', registry_number: 'text',
    },
    indexes: [['accommodation_id'], ['tour_id']],
  },
  discounts: {
    columns: {
      id: 'pk', tour_id: 'int!', kind: 'text!', format_id: 'int!', size: 'int!', start_date: 'text', end_date: 'text',
      days_before: 'int', conditions_en: 'text!', conditions_cn: 'text!',
    },
    indexes: [['tour_id']],
  },
  penalties: { columns: { id: 'pk', tour_id: 'int!', days_from: 'int!', days_to: 'int', percent: 'int!' }, indexes: [['tour_id']] },
  reviews: {
    columns: {
      id: 'pk', target: 'text!', tour_id: 'int', organizer_id: 'int!', name: 'text!', has_photo: 'bool', rating: 'int!', date: 'text!',
      locale: 'text!', body: 'text!', image_count: 'int!', no_index_photo: 'bool', review_from_another_site: 'bool',
      reply_title: 'text', reply_message: 'text', site_reply_title: 'text', site_reply_message: 'text', is_published: 'bool',
    },
    indexes: [['organizer_id', 'date'], ['tour_id', 'date']],
  },
  ticket_routes: {
    columns: {
      id: 'pk', tour_id: 'int!', direction: 'text!', transport: 'text!', city_name_en: 'text!', city_name_cn: 'text!',
      day: 'int!', time: 'text!', country_id: 'int!',
    },
    indexes: [['tour_id']],
  },
  ticket_notes: {
    columns: { id: 'pk', tour_id: 'int!', city_name_en: 'text!', city_name_cn: 'text!', comment_en: 'text!', comment_cn: 'text!' },
    indexes: [['tour_id']],
  },
  blog_categories: { columns: { id: 'pk', slug: 'text!', position: 'int!', ...names } },
  blog_posts: {
    columns: {
      id: 'pk', category_id: 'int!', region_id: 'int', slug_en: 'text!', slug_cn: 'text!', slug_de: 'text!', slug_ru: 'text!',
      title_en: 'text!', title_cn: 'text!', title_de: 'text', title_ru: 'text', summary_en: 'text!', summary_cn: 'text!',
      body_en: 'text!', body_cn: 'text!', author_name_en: 'text!', author_name_cn: 'text!', published_at: 'text!',
      reading_time_minutes: 'int!', is_published: 'bool',
    },
    indexes: [['category_id', 'published_at'], ['published_at']],
  },
  /** Phones: country_id null is the global phone; city_id set is a city phone. site_variant 1 base, 12 Chinese region. */
  contact_phones: {
    columns: {
      id: 'pk', site_variant: 'int!', country_id: 'int', city_id: 'int', type: 'text!', phone: 'text!', formatted_phone: 'text!',
      text_en: 'text!', text_cn: 'text!', text_de: 'text', text_ru: 'text', position: 'int!',
    },
    indexes: [['site_variant', 'country_id'], ['city_id']],
  },
  contact_countries: { columns: { country_id: 'int!', email: 'text!', position: 'int!' }, primaryKey: ['country_id'] },
  social_groups: { columns: { id: 'pk', site_variant: 'int!', source: 'text!', url_to_group: 'text!', position: 'int!' }, indexes: [['site_variant']] },
  chat_sources: { columns: { source: 'text!', url_template: 'text!', position: 'int!' }, primaryKey: ['source'] },
  currency_rates: { columns: { code: 'text!', rate: 'real!', updated_on: 'text!' }, primaryKey: ['code'] },
  /** Coordinator schedule; country_id null is the default. Times are in the schedule's own offset (GMT+3). */
  work_schedules: {
    columns: {
      id: 'pk', country_id: 'int', weekdays_start: 'text!', weekdays_end: 'text!', weekend_start: 'text!', weekend_end: 'text!',
      timezone: 'text!', utc_offset_minutes: 'int!',
    },
  },
} as const satisfies Record<string, TableDef>;

export type CatalogueSchema = SchemaOf<typeof CATALOGUE_TABLES>;
export type CatalogueTable = keyof CatalogueSchema;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, CATALOGUE_TABLES);
}
