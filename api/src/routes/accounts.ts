/**
 * Traveller account calls (accounts-and-comms §7): the profile and saving the currency to it (public-site §9).
 * Tokens are issued by sign-in (accounts issue); here a token is checked against the database.
 */
import type { FastifyRequest } from 'fastify';
import { ProfileAnswer, SetCurrencyAnswer, SetCurrencyBody, type UserProfile } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { TravellerRow } from '../db/migrations/0006-travellers';
import { setTravellerCurrency, travellerByToken } from '../db/queries/travellers';
import { HttpError } from '../lib/errors';
import { t } from '../lib/i18n';
import type { Services } from '../services';
import type { ApiRouter } from './router';

/** The bearer token of X-Authorization, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers['x-authorization'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  return /^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})$/i.exec(value)?.[1] ?? null;
}

/** The signed-in traveller, or a 401 in the error shape. */
export async function requireTraveller(s: Services, request: FastifyRequest): Promise<TravellerRow> {
  const token = bearerToken(request);
  const traveller = token ? await travellerByToken(s.db, token) : undefined;
  if (!traveller) throw new HttpError(401, 'Unauthorized');
  return traveller;
}

async function profileOf(s: Services, row: TravellerRow, locale: ApiLocale): Promise<UserProfile> {
  const country = row.country_id === null
    ? undefined
    : await s.db.kysely.selectFrom('countries').select(['id', 'iso_code', 'name_en', 'name_cn', 'name_de', 'name_ru']).where('id', '=', row.country_id).executeTakeFirst();
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    is_email_set: Boolean(row.is_email_set),
    phone: row.phone,
    country: country ? { id: country.id, name: t(country, 'name', locale), iso_code: country.iso_code } : null,
    language: row.language,
    currency: row.currency,
    is_admin_auth: false,
  };
}

export function registerAccountRoutes(router: ApiRouter, s: Services): void {
  router.add({
    method: 'GET', url: '/crm/api/user/profile', tags: ['accounts'], summary: "The signed-in traveller's profile",
    description: 'Needs X-Authorization: Bearer {token} (401 otherwise).',
    answer: ProfileAnswer, errors: [401],
    handler: async ({ request, ctx }) => ({ profile: await profileOf(s, await requireTraveller(s, request), ctx.locale) }),
  });

  router.add({
    method: 'POST', url: '/crm/api/user/set-currency', tags: ['accounts'], summary: "Saves the currency to the signed-in traveller's profile",
    description: 'Needs X-Authorization: Bearer {token} (401 otherwise). currency_code: 3 letters, one the site offers (422 otherwise). Answers the updated user.',
    body: SetCurrencyBody, answer: SetCurrencyAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const updated = await setTravellerCurrency(s.db, Number(traveller.id), body.currency_code);
      return { user: await profileOf(s, updated, ctx.locale) };
    },
  });
}
