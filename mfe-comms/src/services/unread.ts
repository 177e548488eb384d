/**
 * The host's live unread count ('comms/unread', shared/src/contract/services.ts; issue 29), exposed as
 * `./service/unread`: the host starts it for a signed-in traveller once the page is interactive. Its code (and
 * socket.io's) is in mfe-comms's own chunks, which a visitor who is not signed in never downloads.
 */
import type { ServiceModule } from '@tours/shared/contract';
import { keepUnreadLive } from '../features/common/chat/unread';

export const start: ServiceModule<'comms/unread'>['start'] = (host, { token }) => keepUnreadLive(host, token);
