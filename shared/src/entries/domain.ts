/**
 * @tours/shared/domain — the pure rules of the product: prices, counts, images, search filters, the tour page's
 * rules, pagination, validation, the Moscow offset, and the timing and layout constants of public-site §9.
 * No React, no state. Named exports only (issue 12), checked by shared/api-report.md.
 */
export { BREAKPOINTS, EBOOK_ROUTE_CHANGES, LAYOUT, TIMING } from '../config/constants';
export { contentLanguage } from '../domain/content-language';
export { DAY, dateRangeText, travellerToday, utcDate } from '../domain/dates';
export type { DateFormatter, IsoDate } from '../domain/dates';
export { DEFAULT_FILTER, FILTER_LIMITS, filterFromSearch, filterToSearch, normaliseFilter, serialiseFilter } from '../domain/filters';
export type { TourFilter } from '../domain/filters';
export { CARD_IMAGE_SIZE, sizedImage } from '../domain/media';
export type { MediaItem } from '../domain/media';
export { browserMoscowOffset } from '../domain/moscow-offset';
export { helpRequestComment } from '../domain/help-request';
export { MAX_PARTY } from '../domain/party';
export { pageButtons, pageFromQuery, pageWithinRange } from '../domain/pagination';
export { DEFAULT_MAP_ZOOM, formatCoordinates, isValidPlace, openInMapsUrl } from '../domain/places';
export type { MapPlace } from '../domain/places';
export { isBlankPhone, phoneToSend } from '../domain/phone';
export { formatPrice, priceScale } from '../domain/price';
export { roundedCount, roundedCountParts } from '../domain/stats';
export { organizerShortName } from '../domain/tour-card';
export {
  allDatesNotGuaranteed, allowedTourRedirect, comfortLevel, GALLERY_PREVIEWS, groupSizeForm, hasAvailableDates,
  hasIndividualDates, isExcursionType, isOtherOption, isVariantDisabled, lengthFromVariant, mainRequestAction,
  mainRequestOpensModal, nextReviewsCount, nightsShown, plainText, ratingOneDecimal, REVIEWS_STEP, SCHEDULE_VARIANTS,
  sectionVisibility, splitSidebarDates, visibleAnchors,
} from '../domain/tour';
export type { ExcursionDateLike, MainRequestAction } from '../domain/tour';
export {
  CONTRACT_LEGAL_FORM_IDS, ORGANIZER_MEET_FIELDS, ORGANIZER_MEET_TEXT_FIELDS, SIGNATORY_BASES, basisDetailsApply, missingOrganizerMeetFields, organizerMeetErrors,
  organizerMeetFieldApplies, organizerMeetInputMax, signatoryBasesFor,
} from '../domain/organizer-meet';
export type { ContractLegalForm, OrganizerMeetData, OrganizerMeetErrorCode, OrganizerMeetField, OrganizerMeetTextField, SignatoryBasis } from '../domain/organizer-meet';
export { parseThemeColor } from '../domain/validation';
