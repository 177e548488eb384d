/**
 * Internet calls (issue 15; accounts-and-comms §3 'Web call credentials', §5 'Internet call', §6, §7 'Phone codes and
 * internet calls'): the credentials a browser registers with at the SIP-over-WebSocket registrar (kamailio,
 * infra/kamailio/kamailio.cfg) and the identity it calls.
 *
 * Credentials are ephemeral (kamailio's auth_ephemeral, IETF draft 'TURN REST API' scheme): the username is
 * '<expiry>:<sip user>:<callee>:<call by>' (unix times) and the password base64(HMAC-SHA1(SIP_SECRET, username)).
 * kamailio recomputes the HMAC, checks the expiry, that the user is the identity registering or calling, that an INVITE
 * goes to the callee and starts before the call-by time, so the API mints credentials per call without a credentials
 * table the registrar reads, and the site's settings (checked here when minting) bind the registrar too: a credential
 * minted for support cannot call an organizer, and one minted before a setting was turned off cannot start a call
 * more than SIP_CALL_START_S later (issue 28; docs/decisions.md 'A closed SIP relay').
 *
 * Identities: 'support' (the support desk), 'organizer-<id>', 'traveller-<id>' at SIP_DOMAIN.
 */
import { createHmac } from 'node:crypto';
import { HttpError } from './errors';
import type { ApiConfig } from '../config';

/** What minting reads: the registrar's settings, the site's settings and the machine's real clock (the Services container is one). */
export interface SipDeps {
  readonly config: Pick<ApiConfig, 'sipWsUrl' | 'sipDomain' | 'sipSecret'>;
  settings(): Promise<Map<string, string>>;
  wallNow(): number;
}

/** How long minted credentials stay valid: a long call keeps re-registering (every 30 s) with the same ones. */
export const SIP_CREDENTIAL_TTL_S = 12 * 60 * 60;

/** How long after minting a credential may start a call: the panel calls at once; a kept credential soon cannot. */
export const SIP_CALL_START_S = 10 * 60;

/** The callee of a credential that calls nobody (the console's line only registers and answers). */
const NO_CALLEE = '-';

export const SUPPORT_SIP_USER = 'support';

export const travellerSipUser = (id: number): string => `traveller-${id}`;

export const organizerSipUser = (id: number): string => `organizer-${id}`;

export interface WebCallCredentials {
  target: string;
  ws_url: string;
  public_identity: string;
  private_identity: string;
  password: string;
}

/** The password kamailio's auth_ephemeral expects for a username (sha_algorithm 0: HMAC-SHA1, base64). */
export function ephemeralPassword(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/**
 * Credentials of `user` valid until `expiresAtS` (unix seconds), calling `targetUser` (a call may start until
 * `callByS`); a target that is the user's own line calls nobody.
 */
export function mintCredentials(opts: { secret: string; domain: string; wsUrl: string; user: string; targetUser: string; expiresAtS: number; callByS: number }): WebCallCredentials {
  const callee = opts.targetUser === opts.user ? NO_CALLEE : opts.targetUser;
  const privateIdentity = `${opts.expiresAtS}:${opts.user}:${callee}:${opts.callByS}`;
  return {
    target: `sip:${opts.targetUser}@${opts.domain}`,
    ws_url: opts.wsUrl,
    public_identity: `sip:${opts.user}@${opts.domain}`,
    private_identity: privateIdentity,
    password: ephemeralPassword(opts.secret, privateIdentity),
  };
}

/** The site settings (site_settings keys, '1'/'0') behind webCalls.canCallToSupport and webCalls.canCallToOrganizer. */
export const WEB_CALL_SETTING_KEYS = { canCallToSupport: 'web_calls_can_call_to_support', canCallToOrganizer: 'web_calls_can_call_to_organizer' } as const;

/** Which calls the site allows (§3 'Site settings': webCalls.*): site settings, else the app configuration's (APP_CONFIG_FILE over the preset). */
export async function webCallSettings(s: Pick<SipDeps, 'settings'> & { readonly config: Pick<ApiConfig, 'webCalls'> }): Promise<{ canCallToSupport: boolean; canCallToOrganizer: boolean }> {
  const st = await s.settings();
  const flag = (key: string, fallback: boolean) => {
    const v = st.get(key);
    return v === undefined ? fallback : v === '1' || v === 'true';
  };
  return {
    canCallToSupport: flag(WEB_CALL_SETTING_KEYS.canCallToSupport, s.config.webCalls.canCallToSupport),
    canCallToOrganizer: flag(WEB_CALL_SETTING_KEYS.canCallToOrganizer, s.config.webCalls.canCallToOrganizer),
  };
}

/** The registrar is configured (SIP_WS_URL and SIP_SECRET), or a 503 saying calls are unavailable. */
export function requireRegistrar(s: Pick<SipDeps, 'config'>): { wsUrl: string; domain: string; secret: string } {
  const { sipWsUrl, sipDomain, sipSecret } = s.config;
  if (!sipWsUrl || !sipSecret) throw new HttpError(503, 'Internet calls are unavailable at the moment');
  return { wsUrl: sipWsUrl, domain: sipDomain, secret: sipSecret };
}

/** A credential's expiry and call-by times: kamailio checks them on the machine's real clock, not the product's (CLOCK_START may move that one). */
export function credentialTimes(s: Pick<SipDeps, 'wallNow'>): { expiresAtS: number; callByS: number } {
  const nowS = Math.floor(s.wallNow() / 1000);
  return { expiresAtS: nowS + SIP_CREDENTIAL_TTL_S, callByS: nowS + SIP_CALL_START_S };
}
