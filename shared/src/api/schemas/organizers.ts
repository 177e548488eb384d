/**
 * Organizer calls (accounts-and-comms §3 'Organizer (public)', 'Organizer verification', 'Organizer review'; §7 'Organizers').
 */
import { type Infer, array, assign, boolean, enums, integer, number, string, type } from 'superstruct';
import { ImageUrl, Pagination, REVIEW_TARGETS, dflt, nul, opt, queryBool, queryId, queryInt } from './common';
import { Photo } from './photo';

// Photo lives in ./photo.ts (issue 33: the search page's cards need it, not the reviews' schemas of this file).
export { Photo };

export const Expert = type({ first_name: string(), last_name: string(), photo: nul(Photo) });
export type Expert = Infer<typeof Expert>;

// Legal forms (§3 'Organizer legal forms'): defined in domain/legal-forms.ts, part of this module's API too.
import {
  CONTRACT_LEGAL_FORMS, CONTRACT_LEGAL_FORM_VALUES, ORGANIZER_LEGAL_FORMS, ORGANIZER_LEGAL_FORM_VALUES, legalFormLabelId, legalFormOptions,
  type ContractLegalForm, type LegalFormName, type OrganizerLegalForm,
} from '../../domain/legal-forms';

export { CONTRACT_LEGAL_FORMS, CONTRACT_LEGAL_FORM_VALUES, ORGANIZER_LEGAL_FORMS, ORGANIZER_LEGAL_FORM_VALUES, legalFormLabelId, legalFormOptions };
export type { ContractLegalForm, LegalFormName, OrganizerLegalForm };

// Reviews ---------------------------------------------------------------------

export const ReplyReview = type({
  title: string(),
  message: string(),
  organizer_data: type({ expert: type({ photo: type({ url: nul(string()) }) }) }),
});
export const SiteReplyReview = type({ title: string(), message: string(), logo: string() });

/** A review of a tour or of an organizer. rating is 1..5. */
export const Review = type({
  id: integer(),
  name: string(),
  author_photo: nul(ImageUrl),
  rating: number(),
  type: enums(REVIEW_TARGETS),
  /** ISO date, YYYY-MM-DD. */
  date: string(),
  body: string(),
  images: array(ImageUrl),
  no_index_photo: boolean(),
  review_from_another_site: boolean(),
  tour: nul(type({ id: integer(), slug: string(), name: string() })),
  reply_review: nul(ReplyReview),
  site_reply_review: nul(SiteReplyReview),
});
export type Review = Infer<typeof Review>;

// GET /spa/organizer-reviews --------------------------------------------------

export const OrganizerReviewsQuery = type({
  id: queryId('Organizer id'),
  limit: dflt(queryInt(1, 100, 'Reviews per page'), 3),
  page: dflt(queryInt(1, 100000, 'Page, from 1'), 1),
});
export type OrganizerReviewsQuery = Infer<typeof OrganizerReviewsQuery>;

/** Reviews of the organizer and of its tours, newest first. */
export const OrganizerReviewsAnswer = type({
  reviews: array(Review),
  pagination: Pagination,
  rating: number(),
  reviews_count: integer(),
});
export type OrganizerReviewsAnswer = Infer<typeof OrganizerReviewsAnswer>;

// GET /crm/api/organizer/public-info, /crm/api/organizer/verification-info -----

export const OrganizerInfoQuery = type({
  id: queryId('Organizer id'),
  author_data_from_crm: opt(queryBool()),
});
export type OrganizerInfoQuery = Infer<typeof OrganizerInfoQuery>;

/** Public organizer info. `expert` is the main expert; kind 'organization' or 'author'. */
export const OrganizerPublicInfoAnswer = type({
  id: integer(),
  name: string(),
  kind: enums(['organization', 'author']),
  expert: Expert,
  experts: array(Expert),
  marketplace_requests_with_direct_sale: boolean(),
  description: string(),
  rating: number(),
  reviews_count: integer(),
  tours_count: integer(),
  /** Year the organizer started working with the site. */
  since_year: integer(),
  logo: ImageUrl,
});
export type OrganizerPublicInfoAnswer = Infer<typeof OrganizerPublicInfoAnswer>;

export const OrganizerVerificationAnswer = type({
  is_email_verified: boolean(),
  is_phone_verified: boolean(),
  is_passport_verified: boolean(),
});
export type OrganizerVerificationAnswer = Infer<typeof OrganizerVerificationAnswer>;

// GET /crm/api/organizer/info --------------------------------------------------------

/** A published tour of the organizer, for its page. */
export const OrganizerTourItem = type({
  id: integer(),
  slug: string(),
  title: string(),
  image: ImageUrl,
  price: number(),
  currency: string(),
  days: integer(),
  rating: number(),
  reviews_count: integer(),
});
export type OrganizerTourItem = Infer<typeof OrganizerTourItem>;

/**
 * Organizer info: the public info plus its legal form (1 natural person, 2 individual entrepreneur,
 * 3 legal entity — accounts-and-comms 'Organizer legal forms', list 1), its home region and up to 6 of its
 * published tours, best rated first.
 */
export const OrganizerInfoAnswer = assign(OrganizerPublicInfoAnswer, type({
  legal_form: enums(ORGANIZER_LEGAL_FORM_VALUES),
  region: nul(type({ id: integer(), name: string() })),
  tours: array(OrganizerTourItem),
}));
export type OrganizerInfoAnswer = Infer<typeof OrganizerInfoAnswer>;
