/**
 * Internet calls (accounts-and-comms §3 'Web call credentials', §7 phone-code/web-call-data; issue 15): the calls the
 * call panel, the host and the agent console make; the API's side is api/src/routes/web-calls.ts.
 */
import { type Infer, boolean, string, type } from 'superstruct';
import { bodyId, nul, opt, withMeta } from './common';

export const WebCallDataBody = type({
  is_support_call: withMeta(opt(boolean()), { description: 'true for a call to support' }),
  organizer_id: opt(nul(bodyId('The organizer to call (is_support_call false)'))),
  chat_id: opt(nul(bodyId('The chat the call belongs to'))),
});

export const WebCallCredentialsAnswer = type({
  target: withMeta(string(), { description: 'SIP URI to call' }),
  ws_url: withMeta(string(), { description: 'WebSocket URL of the SIP registrar' }),
  public_identity: withMeta(string(), { description: 'SIP URI to register as' }),
  private_identity: withMeta(string(), { description: "Authorization username ('<expiry>:<user>:<callee>:<call by>', signed: the registrar lets it call only that callee)" }),
  password: withMeta(string(), { description: 'Authorization password (ephemeral)' }),
});

export const WebCallSettingsAnswer = type({ available: boolean(), can_call_to_support: boolean(), can_call_to_organizer: boolean() });

export const AgentWebCallBody = type({
  /** Whom the agent calls back (a traveller id); absent: the agent only registers its line and answers. */
  traveller_id: opt(nul(bodyId('The traveller to call back'))),
});
export type WebCallCredentialsAnswer = Infer<typeof WebCallCredentialsAnswer>;
export type WebCallSettingsAnswer = Infer<typeof WebCallSettingsAnswer>;
export type WebCallDataBody = Infer<typeof WebCallDataBody>;
