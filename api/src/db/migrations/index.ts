/** The migrations, in order. Later issues append theirs here (never edit a shipped migration). */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-catalogue';
import * as m0002 from './0002-search';
import * as m0003 from './0003-help-requests';
import * as m0004 from './0004-search-index';
import * as m0005 from './0005-reviews-index';
import * as m0006 from './0006-travellers';
import * as m0007 from './0007-individual-tours';
import * as m0008 from './0008-accounts';
import * as m0009 from './0009-identity-verification';
import * as m0010 from './0010-uploads';
import * as m0011 from './0011-requests';
import * as m0012 from './0012-payments';
import * as m0013 from './0013-programme';
import * as m0014 from './0014-chat';
import * as m0015 from './0015-staff-permissions';
import * as m0016 from './0016-organizer-admin';
import * as m0017 from './0017-organizer-meet';
import * as m0018 from './0018-info-pages';
import * as m0019 from './0019-request-seats';
import * as m0020 from './0020-sign-in-guards';
import * as m0021 from './0021-mail-limits';
import * as m0022 from './0022-request-contacts';
import * as m0023 from './0023-document-links';
import * as m0024 from './0024-cluster-state';
import * as m0025 from './0025-outbox-queued-index';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-catalogue': m0001,
  '0002-search': m0002,
  '0003-help-requests': m0003,
  '0004-search-index': m0004,
  '0005-reviews-index': m0005,
  '0006-travellers': m0006,
  '0007-individual-tours': m0007,
  '0008-accounts': m0008,
  '0009-identity-verification': m0009,
  '0010-uploads': m0010,
  '0011-requests': m0011,
  '0012-payments': m0012,
  '0013-programme': m0013,
  '0014-chat': m0014,
  '0015-staff-permissions': m0015,
  '0016-organizer-admin': m0016,
  '0017-organizer-meet': m0017,
  '0018-info-pages': m0018,
  '0019-request-seats': m0019,
  '0020-sign-in-guards': m0020,
  '0021-mail-limits': m0021,
  '0022-request-contacts': m0022,
  '0023-document-links': m0023,
  '0024-cluster-state': m0024,
  '0025-outbox-queued-index': m0025,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
