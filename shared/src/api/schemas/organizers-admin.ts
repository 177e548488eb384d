/**
 * The staff calls on organizers (accounts-and-comms §6 'the organizer list, view, create, update and
 * set-published-on-site operations', §7 'Organizers'; issue 16): list, view, create, update?id=, set-published-on-site.
 *
 * The body fields are the columns the organizers table stores (texts in en and cn, always both; ru optional for
 * people's names, as the catalogue holds them), its main expert's names, the legal form of list 1 (§3 'Organizer
 * legal forms'), the home region, and the back office's phone and e-mail (never answered by a public call).
 * create takes every required field; update takes any of them (a field left out keeps its value, '' clears an
 * optional text). Publishing is its own call, so an edit never publishes by accident.
 */
import { type Infer, type Struct, array, assign, boolean, enums, integer, number, refine, string, type } from 'superstruct';
import { type AnyStruct, Pagination, bodyEmail, bodyId, bodyPhone, bodyText, dflt, nul, opt, queryBool, queryId, queryInt, queryString, withMeta } from './common';
import { ORGANIZER_LEGAL_FORM_VALUES } from './organizers';

export const ORGANIZER_KINDS = ['organization', 'author'] as const;
/** The most organizers one list page holds. */
export const ORGANIZER_LIST_MAX = 100;
export const ORGANIZER_LIST_DEFAULT = 20;
/** Limits of the stored texts. */
export const ORGANIZER_NAME_MAX = 200;
export const PERSON_NAME_MAX = 100;
export const ORGANIZER_DESCRIPTION_MAX = 10_000;
/** since_year: from the marketplace's first year to the year after this one (an organizer signed for next season). */
export const SINCE_YEAR_MIN = 2000;

/** A text that may not be empty ('Required field'). */
const required = (struct: Struct<string, null>): Struct<string, null> => refine(struct, 'required', (v) => v !== '' || 'Required field');

const sinceYear = withMeta(
  refine(integer(), 'range', (v) => (v < SINCE_YEAR_MIN ? `Minimum ${SINCE_YEAR_MIN}` : v > 2100 ? 'Maximum 2100' : true)),
  { minimum: SINCE_YEAR_MIN, maximum: 2100, description: 'The year the organizer started working with the site (default: this year)' },
);

const person = (d: string) => required(bodyText(PERSON_NAME_MAX, d));

/** The fields of create, required as marked; update takes each of them optionally. */
const ORGANIZER_FIELDS = {
  kind: withMeta(enums(ORGANIZER_KINDS), { description: "'organization' (a company) or 'author' (a travel expert on their own)" }),
  legal_form: withMeta(enums(ORGANIZER_LEGAL_FORM_VALUES), { description: '§3 legal forms, list 1: 1 natural person, 2 individual entrepreneur, 3 legal entity' }),
  region_id: bodyId('The home region'),
  name_en: required(bodyText(ORGANIZER_NAME_MAX, 'Name, English')),
  name_cn: required(bodyText(ORGANIZER_NAME_MAX, 'Name, Chinese')),
  description_en: opt(bodyText(ORGANIZER_DESCRIPTION_MAX, 'Description, English (simple HTML: the page sanitises it)', true)),
  description_cn: opt(bodyText(ORGANIZER_DESCRIPTION_MAX, 'Description, Chinese', true)),
  expert_first_name_en: person("The main expert's first name, English"),
  expert_last_name_en: person("The main expert's last name, English"),
  expert_first_name_cn: person("The main expert's first name, Chinese"),
  expert_last_name_cn: person("The main expert's last name, Chinese"),
  expert_first_name_ru: opt(bodyText(PERSON_NAME_MAX, "The main expert's first name, Russian ('' or none: the English one)")),
  expert_last_name_ru: opt(bodyText(PERSON_NAME_MAX, "The main expert's last name, Russian")),
  phone: opt(bodyPhone),
  email: opt(bodyEmail),
  since_year: opt(sinceYear),
  marketplace_requests_with_direct_sale: opt(boolean()),
};

type Optional<F> = { [K in keyof F]: F[K] extends Struct<infer T, infer S> ? Struct<T | undefined, S> : never };
function allOptional<F extends Record<string, AnyStruct>>(fields: F): Optional<F> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, opt(v)])) as Optional<F>;
}

/** POST /crm/api/organizer/create. A new organizer is not published unless published_on_site says so. */
export const OrganizerCreateBody = type({
  ...ORGANIZER_FIELDS,
  published_on_site: opt(withMeta(boolean(), { description: 'Publish at once (default false)' })),
});
export type OrganizerCreateBody = Infer<typeof OrganizerCreateBody>;

/** POST /crm/api/organizer/update?id=: any of create's fields but published_on_site. */
export const OrganizerUpdateBody = type(allOptional(ORGANIZER_FIELDS));
export type OrganizerUpdateBody = Infer<typeof OrganizerUpdateBody>;

export const OrganizerIdQuery = type({ id: queryId('Organizer id') });
export type OrganizerIdQuery = Infer<typeof OrganizerIdQuery>;

/** POST /crm/api/organizer/set-published-on-site. */
export const OrganizerPublishBody = type({
  id: bodyId('Organizer id'),
  published_on_site: withMeta(boolean(), { description: 'false: every public call about the organizer answers 404' }),
});
export type OrganizerPublishBody = Infer<typeof OrganizerPublishBody>;

/** GET /crm/api/organizer/list: newest first; published_on_site and a text in the names (or the id) narrow it. */
export const OrganizerListQuery = type({
  page: dflt(queryInt(1, 100000, 'Page, from 1'), 1),
  limit: dflt(queryInt(1, ORGANIZER_LIST_MAX, 'Organizers per page'), ORGANIZER_LIST_DEFAULT),
  published_on_site: opt(queryBool('Only published (1) or only hidden (0) organizers')),
  query: opt(queryString(100, { description: "A text in the organizer's or its main expert's names, or its id" })),
});
export type OrganizerListQuery = Infer<typeof OrganizerListQuery>;

/** An organizer as the list shows it. */
export const OrganizerAdminItem = type({
  id: integer(),
  kind: enums(ORGANIZER_KINDS),
  legal_form: enums(ORGANIZER_LEGAL_FORM_VALUES),
  region: nul(type({ id: integer(), name: string() })),
  name_en: string(),
  name_cn: string(),
  expert_first_name_en: string(),
  expert_last_name_en: string(),
  phone: nul(string()),
  email: nul(string()),
  published_on_site: boolean(),
  tours_count: integer(),
  /** When staff last changed it (ISO); null for an organizer no one has edited. */
  updated_at: nul(string()),
});
export type OrganizerAdminItem = Infer<typeof OrganizerAdminItem>;

export const OrganizerListAnswer = type({ items: array(OrganizerAdminItem), pagination: Pagination });
export type OrganizerListAnswer = Infer<typeof OrganizerListAnswer>;

/** GET /crm/api/organizer/view (and the answer of create, update and set-published-on-site): every stored field. */
export const OrganizerAdminAnswer = assign(OrganizerAdminItem, type({
  description_en: string(),
  description_cn: string(),
  expert_first_name_cn: string(),
  expert_last_name_cn: string(),
  expert_first_name_ru: nul(string()),
  expert_last_name_ru: nul(string()),
  since_year: integer(),
  marketplace_requests_with_direct_sale: boolean(),
  is_email_verified: boolean(),
  is_phone_verified: boolean(),
  is_passport_verified: boolean(),
  rating: number(),
  reviews_count: integer(),
}));
export type OrganizerAdminAnswer = Infer<typeof OrganizerAdminAnswer>;

