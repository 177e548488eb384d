/**
 * GET /spa/captcha/challenge: the proof-of-work challenge of the API's own captcha (ALTCHA, lib/captcha.ts), which
 * the captcha modal's widget fetches (site-tokens: captcha_key and hard_captcha_key are this URL) and solves.
 */
import { boolean, integer, nullable, number, optional, record, string, type, union } from 'superstruct';
import { opt, queryBool, queryString, withMeta } from '@tours/shared/src/api/schemas/common';
import { CAPTCHA_CHALLENGE_PATH } from '../lib/captcha';
import type { Services } from '../services';
import type { ApiRouter } from './router';

/** The action is captchaAction(url) of the call to retry: 'user/send_auth_code', 'rest/submit_help_request'. */
const CaptchaChallengeQuery = type({
  action: withMeta(queryString(100, { min: 1, pattern: /^[A-Za-z0-9_/.]+$/ }), { description: "captchaAction(url) of the call the captcha is for, e.g. 'user/send_auth_code'" }),
  hard: opt(queryBool("A hard challenge (data.type 'hard_captcha')")),
});

/** An ALTCHA v2 challenge: `parameters` (signed by `signature`) for the widget's solver. */
export const CaptchaChallengeAnswer = type({
  parameters: type({
    algorithm: string(),
    nonce: string(),
    salt: string(),
    cost: integer(),
    keyLength: integer(),
    keyPrefix: string(),
    keySignature: optional(string()),
    expiresAt: optional(number()),
    data: optional(record(string(), nullable(union([string(), number(), boolean()])))),
  }),
  signature: string(),
});

export function registerCaptchaRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: CAPTCHA_CHALLENGE_PATH, tags: ['captcha'], summary: 'A captcha challenge (ALTCHA proof of work) for one action',
    description:
      'The solved payload (base64 JSON `{ challenge, solution }`, what the altcha widget gives) goes in x-captcha-token on the retry of the call ' +
      "whose captchaAction is `action`; it passes once, within 10 minutes. `hard=1` when the call answered data.type 'hard_captcha'. " +
      'A normal challenge takes the browser ≈ 0.3–1 s, a hard one a few seconds. After recent failures (wrong codes, sends past the free ' +
      'ones) a limit asks this visitor for a costlier one: the challenge then has that level (`data.level`, up to 3: ≈ 1.5–3 s in a browser) ' +
      'and a cheaper one does not pass. Limited apart from the other reads, so a visitor over a limit can still fetch the captcha that lifts it.',
    query: CaptchaChallengeQuery, answer: CaptchaChallengeAnswer,
    handler: async ({ query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return s.captcha.challenge(query.action, query.hard ?? false, await s.captcha.demandedLevel(request, query.action));
    },
  });
}
