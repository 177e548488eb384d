/**
 * @tours/shared/api — talking to the API: the client (common headers, error shape, cancel-by-kind, schema check),
 * `useApiQuery` and its retry hook, server field errors onto a form, and the answer schemas (superstruct: each name
 * is the schema and, as a type, what it checks). `ApiError` is in @tours/shared/core (one class for `instanceof`).
 * Named exports only (issue 12), checked by shared/api-report.md.
 */
export { createApiClient, isAbortError, isRetryableError } from '../api/client';
export type { ApiClient } from '../api/client';
export { applyServerErrors, onForm } from '../api/form-errors';
export {
  AUTHORIZATION_HEADER, CURRENCY_HEADER, IDEMPOTENCY_HEADER, LANGUAGE_HEADER, LOCALIZATION_HEADER, USER_ROLE_HEADER, authorizationHeader, commonHeaders,
} from '../api/headers';
export {
  AUTH_CODE_LENGTH, AUTH_CODE_RESEND_SECONDS, AuthBody, AuthViaCodeBody, ChangeCountryBody, ChangeEmailBody, ChangePasswordBody, ChangePhoneBody,
  CODE_SENDERS, ConfirmPhoneBody, DoneAnswer, PASSWORD_MAX, PASSWORD_MIN, PhoneConfirmationMethodsAnswer, ProfileAnswer, RegisterBody, RegisterWithoutPasswordBody,
  ResetTokenAnswer, SendAuthCodeBody, SendCodeAnswer, SendConfirmationCodeBody, SetCurrencyAnswer, SetLanguageBody, SignedInAnswer, UpdateProfileBody,
  UpdateProfilePhotoAnswer, UserAnswer, UserProfile, VerificationMethod, displayName, hasEmptyFields,
} from '../api/schemas/accounts';
export type { CodeSender } from '../api/schemas/accounts';
export { captchaAction, captchaKeyFor } from '../api/captcha';
export type { CaptchaType } from '../api/captcha';
export { PROVIDER_NAMES, captchaSetup } from '../api/captcha-setup';
export type { CaptchaSettings, CaptchaSetup, ProviderName } from '../api/captcha-setup';
export type { CaptchaHandler } from '../api/client';
export { BlogPostAnswer, BlogPostCard, BlogPostsAnswer } from '../api/schemas/blog';
export {
  ATTACHMENT_STATUS, ATTACHMENT_STATUS_NAMES, AgentAuthAnswer, AgentAuthBody, AgentChatListQuery, AgentEditBody, AgentFreezeBody, AgentMarkAsReadAnswer,
  AgentMessageIdBody, AgentModerateBody, AgentProfileAnswer, CHAT_EVENTS, CHAT_EVENT_PAYLOADS, CHAT_ID_NOT_A_NUMBER, CHAT_KINDS, CHAT_LIST_LIMIT, CHAT_LIST_MAX,
  CHAT_SOCKET_MAX_PAYLOAD, CHAT_SOCKET_MAX_PER_USER, CHAT_SOCKET_PATH, ChannelsListAnswer, Chat, ChatAnswer, ChatChannel, ChatFile, ChatIdBody, ChatIdQuery,
  ChatListAnswer, ChatListQuery, ChatMessage, ChatOrganizer, ChatWithOrganizerAnswer, ChatWithOrganizerBody, ChatsForNotificationsAnswer, ConnectionCodeAnswer,
  ConnectionCodeBody, FREEZE_REASON_MAX, MESSAGES_PAGE_MAX, MESSAGES_PAGE_SIZE, MESSAGE_DIRECTIONS, MESSAGE_MAX_LENGTH, MarkAsReadAnswer, MessageAnswer,
  MessagesAnswer, MessagesQuery, NotificationChat, NotificationsAnswer, PhoneCodeAnswer, PhoneCodeOrganizerBody, PhoneCodeUserBody, SENDER_TYPES, STAFF_KINDS,
  SendMessageBody, StaffProfile, SupportChatAnswer, SupportChatQuery, UnreadCountAnswer, UnreadCountQuery,
} from '../api/schemas/chat';
export type { AttachmentStatus, ChatEventName, ChatEventPayloads, ChatKind, ChatSocketAuth, MessageDirection, SenderType, StaffKind } from '../api/schemas/chat';
export { OrganizerInfoAnswer, OrganizerReviewsAnswer, OrganizerVerificationAnswer, Review } from '../api/schemas/organizers';
export {
  ChatSourcesAnswer, ContactsAnswer, CountriesAnswer, CountryByIpAnswer, InfoAnswer, PhoneContact, SearchFormAnswer,
  SiteTokensAnswer, SocialLink, SocialLinksAnswer, WorkTimeAnswer,
} from '../api/schemas/reference';
export {
  BookingRequest, MAX_PARTY, REQUEST_STATUS, REQUEST_STATUS_NAMES, RequestAnswer, RequestDoneAnswer, RequestListAnswer, SubmitOrderAnswer, TOURIST_TEMPLATE, TourDatesAnswer, Tourist,
  TouristsAnswer, TouristsInfoAnswer, canCancelStatus, canEditTouristsStatus, isCancelledStatus, missingOrderFields, requestStatusKey, requestStatusName,
} from '../api/schemas/booking';
export type { CancellationTerms, ConfirmationSent, OrderData, RequestStatusName } from '../api/schemas/booking';
export { MY_TRIPS_PAGE_SIZE, MyTrip, MyTripsAnswer } from '../api/schemas/trips';
export type { TripAction } from '../domain/trips';
export {
  CHECK_STATUS, CONTRACT_OUTCOME, CONTRACT_OUTCOME_NAMES, CreatePaymentAnswer, INTERNAL_CHECK_STATUS, Invoice, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_PROVIDER_IDS,
  PAYMENT_STATUS, PAYMENT_STATUS_NAMES, SALES_CHANNEL, TravelAgreement, paymentStatusName,
} from '../api/schemas/payments';
export type { ContractOutcomeName, PaymentKind, PaymentMethod, PaymentStatusName } from '../api/schemas/payments';
export { MAX_SELECTED_TOURS, TourSelectionAnswer, parseSelectionToken } from '../api/schemas/booking';
export { ProgrammeSentAnswer, ProgrammeWhatsappAnswer } from '../api/schemas/programme';
export { ADMIN_SESSION_COOKIE, hasAdminSessionHint } from '../api/staff-session-hint';
export { ADMIN_AUTH_COOKIE, HIGH_DIFFICULTY, ProgrammePdfStateAnswer, STAFF_PDF_POLL_MS, STAFF_PERMISSIONS, StaffPermissions, TourPrivateDataAnswer, TourPrivateVariantsAnswer, UserPrivateDataAnswer } from '../api/schemas/staff';
export {
  ChatLinkSmsAnswer, IDEMPOTENCY_KEY_RE, INDIVIDUAL_DATES, MAX_CHAT_LINK_SMS, PARTNER_ID_RE, SubmitHelpRequestAnswer, formatIndividualDates, helpRequestRuleErrors,
  parseIndividualDates, privateTourBounds,
} from '../api/schemas/requests';
export type { HelpRequestTourFacts } from '../api/schemas/requests';
export { SITE_REVIEWS_PAGE_SIZE, SiteReviewsAnswer } from '../api/schemas/reviews';
export { INFO_PAGE_KEYS, InfoPageAnswer } from '../api/schemas/info-pages';
export type { ContactsBlock, InfoBlock, InfoLinkRoute, InfoPageKey } from '../api/schemas/info-pages';
export { MainPageToursAnswer } from '../api/schemas/main-page';
export type { MainPageReview } from '../api/schemas/main-page';
export { CitiesByQueryAnswer, CityItem, FilterOption, FilterSectionOptions, ResultGroup, SearchResult, TourCardItem, ToursAnswer, ToursPageAnswer } from '../api/schemas/search';
export type { FilterSection } from '../api/schemas/search';
export { ValidateSlugAnswer } from '../api/schemas/slugs';
export {
  AutocompleteAnswer, IndividualTourAnswer, Suggestion, SuggestionGroup, TicketsAnswer, TourCardSmall, TourDetailAnswer,
  TourForRequestAnswer, TourIdsAnswer, TourListItem, TourOption, TourReviewsAnswer, TourVariant,
} from '../api/schemas/tours';
export type { ReviewTab } from '../api/schemas/tours';
export { MAX_CONTRACT_FILES, ORGANIZER_MEET_KEY_RE, OrganizerMeetAnswer, OrganizerMeetFile, OrganizerMeetSaveBody } from '../api/schemas/organizer-meet';
export { FILE_MIME_TYPES, IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES, UploadAnswer, uploadProblem } from '../api/schemas/uploads';
export type { UploadKind } from '../api/schemas/uploads';
export { retryDelay, useApiQuery, useAutoRetry } from '../api/useApiQuery';
export { AgentWebCallBody, WebCallCredentialsAnswer, WebCallDataBody, WebCallSettingsAnswer } from '../api/schemas/web-calls';
