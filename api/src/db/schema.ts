/**
 * The typed database schema: every table's row types, in one module (issue 30). The migrations create the tables
 * and declare each table's columns once (db/migrations/, read only by the migrator, the seed's table writer and this
 * module); everything else imports its table types from here, so a later migration that changes a table changes its
 * type here, in one place, and no query depends on which migration added a column.
 */
import type { CatalogueSchema } from './migrations/0001-catalogue';

export type { CatalogueSchema, CatalogueTable } from './migrations/0001-catalogue';
export type { HelpRequestRow, HelpRequestSchema, HelpRequestTable } from './migrations/0003-help-requests';
export type { TravellerRow, TravellerSchema, TravellerTable, TravellerTokenTable } from './migrations/0006-travellers';
export type { IndividualTourSchema, IndividualTourTable } from './migrations/0007-individual-tours';
export type {
  AccountsSchema, AuthCodeTable, CaptchaUseTable, CodePurpose, FavouriteTourTable, LinkPurpose, LinkTokenTable, OutboxStatus, OutboxTable,
  TravellerAccountTable, TravellerAccountTokenTable,
} from './migrations/0008-accounts';
export { APPLICANT_STATES } from './migrations/0009-identity-verification';
export type { ApplicantState, IdentityVerificationSchema, IdentityVerificationTable } from './migrations/0009-identity-verification';
export type { UploadsSchema, UploadTable } from './migrations/0010-uploads';
export type {
  HistoryActor, RequestHistoryRow, RequestHistoryTable, RequestRow, RequestSchema, RequestTable, RequestTouristRow, RequestTouristTable,
} from './migrations/0011-requests';
export type {
  InvoiceRow, InvoiceTable, PaymentRow, PaymentSchema, PaymentTable, TravelAgreementRow, TravelAgreementTable,
} from './migrations/0012-payments';
export type {
  ProgrammeLinkRow, ProgrammeLinkTable, ProgrammeSchema, ProgrammeSubscriptionRow, ProgrammeSubscriptionTable,
} from './migrations/0013-programme';
export type {
  ChatChannelTable, ChatConnectionCodeTable, ChatMessageRow, ChatMessageTable, ChatRow, ChatSchema, ChatTable, PhoneCodeTable, StaffAccountRow,
  StaffAccountTable, StaffTokenTable,
} from './migrations/0014-chat';
export type { StaffPermissionColumns, StaffPermissionsSchema, TourStaffDataRow, TourStaffDataTable } from './migrations/0015-staff-permissions';
export type { OrganizerAdminColumns, OrganizerAdminSchema } from './migrations/0016-organizer-admin';
export type {
  OrganizerContractFileTable, OrganizerContractRow, OrganizerContractTable, OrganizerMeetKeyRow, OrganizerMeetKeyTable, OrganizerMeetSchema,
} from './migrations/0017-organizer-meet';
export type { InfoPageRow, InfoPagesSchema, InfoPageTable } from './migrations/0018-info-pages';
export type { RequestFingerprintRow, RequestFingerprintTable, RequestSeatsColumn, RequestSeatsSchema } from './migrations/0019-request-seats';
export type { CodeNoticeTable, KnownDeviceTable, PasswordGuardTable, ServiceSecretTable, SignInGuardsSchema } from './migrations/0020-sign-in-guards';
export type { MailLimitsSchema, MailRecipientCountTable, ProgrammeLinkRecipientColumns } from './migrations/0021-mail-limits';
export type { RequestContactColumns, RequestContactsSchema } from './migrations/0022-request-contacts';
export type { DocumentLinkColumn, LinkedDocument } from './migrations/0023-document-links';

/** Rows of the FTS tables are written and read with raw SQL (db/search.ts). */
export type Schema = CatalogueSchema;
export type TableName = keyof Schema;
