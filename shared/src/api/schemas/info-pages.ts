/**
 * The informational pages' content (issue 17 'Content a traveller expects'; public-site §2.2, §2.9): GET
 * /spa/info-page?page={key} answers one page as structured blocks in the request's locale (English when the page has
 * no text in it), kept in the database so editors change it without a deploy. Blocks, not HTML: nothing to sanitise.
 * The spec names no call for these pages; this one is designed here (docs/decisions.md 'Informational pages').
 */
import { type Infer, array, boolean, enums, literal, string, type, union } from 'superstruct';
import { API_LOCALES, FallbackLocale, opt, queryString, withMeta } from './common';
import { PhoneContact, TimeRange } from './reference';

/** The pages, by key (the API's; the site's route names are mapped to them in mfe-search's info feature). */
/** 'organizers': the page the organizer area's links lead to when none is configured (issue 29). */
export const INFO_PAGE_KEYS = ['about', 'visa', 'gift-cards', 'certificates', 'contacts', 'faq', 'press', 'for-agencies', 'organizers', 'agreement', 'privacy', 'cookies'] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

/** Routes a link block may name: pages without parameters (a route name of shared/src/routing/routes.ts). */
export const INFO_LINK_ROUTES = [
  'index', 'destinations', 'reviews-index', 'blog-index', 'account', 'about-page', 'visa-page', 'gift-cards-page', 'certificates-page', 'contacts-page',
  'faq', 'press', 'partnership-page', 'organizers-page', 'agreement', 'privacy', 'cookies',
] as const;
export type InfoLinkRoute = (typeof INFO_LINK_ROUTES)[number];

// GET /spa/info-page ----------------------------------------------------------

export const InfoPageQuery = type({
  page: queryString(40, { min: 1, description: `The page: ${INFO_PAGE_KEYS.join(', ')} (404 for any other)` }),
});
export type InfoPageQuery = Infer<typeof InfoPageQuery>;

export const HeadingBlock = type({ type: literal('heading'), level: enums([2, 3]), text: string() });
export const ParagraphBlock = type({ type: literal('paragraph'), text: string() });
/** A remark set apart from the text (e.g. 'check the official sources'). */
export const NoteBlock = type({ type: literal('note'), text: string() });
export const ListBlock = type({ type: literal('list'), ordered: opt(boolean()), items: array(string()) });
export const FaqItem = type({ question: string(), answer: string() });
/** A group of questions under its title (the FAQ page's grouped items, §2.2). */
export const FaqBlock = type({ type: literal('faq'), title: string(), items: array(FaqItem) });
export const RequisiteRow = type({ label: string(), value: string() });
/** Company requisites as label/value rows. */
export const RequisitesBlock = type({ type: literal('requisites'), title: opt(string()), rows: array(RequisiteRow) });
/** A link to another page of the site, by route name (the site builds the localized URL). */
export const LinkBlock = type({ type: literal('link'), route: enums(INFO_LINK_ROUTES), text: string() });

/** Where the contacts block goes (stored without data: the answer fills it from the site's contacts). */
export const StoredContactsBlock = type({ type: literal('contacts') });
/** The site's contacts as the answer gives them: e-mail, phones (main first) and the coordinators' schedule (GMT+3, §2.3). */
export const ContactsBlock = type({
  type: literal('contacts'),
  email: string(),
  phones: array(PhoneContact),
  schedule: type({ weekdays: TimeRange, weekend: TimeRange, timezone: string(), utc_offset: string() }),
});

const TEXT_BLOCKS = [HeadingBlock, ParagraphBlock, NoteBlock, ListBlock, FaqBlock, RequisitesBlock, LinkBlock] as const;

/** A block as the database keeps it (checked block by block when read: a broken one is left out, not the page). */
export const StoredInfoBlock = withMeta(union([...TEXT_BLOCKS, StoredContactsBlock]), { members: [...TEXT_BLOCKS, StoredContactsBlock] });
export type StoredInfoBlock = Infer<typeof StoredInfoBlock>;

/** A block of the answer. */
export const InfoBlock = withMeta(union([...TEXT_BLOCKS, ContactsBlock]), { members: [...TEXT_BLOCKS, ContactsBlock] });
export type InfoBlock = Infer<typeof InfoBlock>;
export type ContactsBlock = Infer<typeof ContactsBlock>;

export const InfoPageAnswer = type({
  page: enums(INFO_PAGE_KEYS),
  /** The locale of the text served (en when the request's locale has none: then fallback_locale is 'en'). */
  locale: enums(API_LOCALES),
  /** The document's version, e.g. '3.1' (shown on the terms, privacy and cookie policies). */
  version: string(),
  /** When the text last changed, ISO date YYYY-MM-DD. */
  updated_at: string(),
  blocks: array(InfoBlock),
  fallback_locale: FallbackLocale,
});
export type InfoPageAnswer = Infer<typeof InfoPageAnswer>;

/** Editors keep pages short: at most this many blocks a page (the API drops the rest). */
export const INFO_PAGE_MAX_BLOCKS = 80;
