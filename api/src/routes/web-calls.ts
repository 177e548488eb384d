/**
 * Internet calls (issue 15; accounts-and-comms §3 'Web call credentials', §5 'Internet call', §6, §7 'Phone codes and
 * internet calls'): who may call whom, answered with credentials minted by lib/sip-credentials.ts.
 */
import { AgentWebCallBody, WebCallCredentialsAnswer, WebCallDataBody, WebCallSettingsAnswer } from '@tours/shared/src/api/schemas/web-calls';
import { organizerById } from '../db/queries/organizers';
import { HttpError, validationError } from '../lib/errors';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import {
  credentialTimes, mintCredentials, organizerSipUser, requireRegistrar, SIP_CREDENTIAL_TTL_S, SUPPORT_SIP_USER, travellerSipUser, webCallSettings,
} from '../lib/sip-credentials';
import { requireStaff, requireTraveller } from '../lib/auth';


export function registerWebCallRoutes(router: ApiRouter, s: Services): void {
  const tags = ['calls'];

  router.add({
    method: 'POST', url: '/crm/api/phone-code/web-call-data', tags, summary: 'Credentials of an internet call to support or an organizer',
    description: 'Signed-in travellers only (401). is_support_call true calls support (webCalls.canCallToSupport, else 403); '
      + 'otherwise organizer_id names the organizer (webCalls.canCallToOrganizer, else 403; unknown: 422). Credentials expire '
      + `after ${SIP_CREDENTIAL_TTL_S / 3600} hours. 503 when no SIP registrar is configured. Captcha: the writes limit's 429 protocol.`,
    body: WebCallDataBody, answer: WebCallCredentialsAnswer, errors: [401, 403, 503],
    handler: async ({ body, request }) => {
      const traveller = await requireTraveller(s, request);
      const settings = await webCallSettings(s);
      let targetUser: string;
      if (body.is_support_call === true) {
        if (!settings.canCallToSupport) throw new HttpError(403, 'Calls to support are not available');
        targetUser = SUPPORT_SIP_USER;
      } else {
        if (body.organizer_id == null) throw validationError({ organizer_id: 'Required field' });
        if (!settings.canCallToOrganizer) throw new HttpError(403, 'Calls to organizers are not available');
        if (!(await organizerById(s.db, body.organizer_id))) throw validationError({ organizer_id: 'Incorrect value' });
        targetUser = organizerSipUser(body.organizer_id);
      }
      const registrar = requireRegistrar(s);
      return mintCredentials({ ...registrar, user: travellerSipUser(Number(traveller.id)), targetUser, ...credentialTimes(s) });
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/phone-code/web-call-settings', tags, summary: 'Whether internet calls work now, and to whom',
    description: 'available: a SIP registrar is configured. The host shows "Call via internet" only when available and can_call_to_support.',
    answer: WebCallSettingsAnswer,
    handler: async () => {
      const settings = await webCallSettings(s);
      const available = Boolean(s.config.sipWsUrl && s.config.sipSecret);
      return { available, can_call_to_support: available && settings.canCallToSupport, can_call_to_organizer: available && settings.canCallToOrganizer };
    },
  });

  // The agent side (the agent console, routes/agent.ts): the staff member's line, support's or their organizer's.
  router.add({
    method: 'POST', url: '/crm/api/agent/web-call-data', tags, summary: "Credentials of the staff member's line: support's or their organizer's (agent console)",
    description: 'Needs a staff session (X-Authorization of POST /crm/api/agent/auth; 401 otherwise). Support staff register sip:support, an '
      + "organizer's staff sip:organizer-<id>. traveller_id makes target that traveller (a call back); else target is the line itself.",
    body: AgentWebCallBody, answer: WebCallCredentialsAnswer, errors: [401, 403, 503],
    handler: async ({ body, request }) => {
      const staff = await requireStaff(s, request);
      const user = staff.kind === 'support' ? SUPPORT_SIP_USER : staff.organizer_id !== null ? organizerSipUser(Number(staff.organizer_id)) : null;
      if (!user) throw new HttpError(403, 'This staff account has no line');
      const registrar = requireRegistrar(s);
      return mintCredentials({ ...registrar, user, targetUser: body.traveller_id == null ? user : travellerSipUser(body.traveller_id), ...credentialTimes(s) });
    },
  });
}
