/**
 * Traveller accounts (accounts-and-comms §3 'User / profile', §7): whether a traveller is signed in (the bearer token:
 * lib/auth.ts), the profile and its settings, the account's favourite tours. Sign-in is routes/sign-in.ts; e-mail
 * and phone changes are routes/contacts.ts.
 */
import {
  ChangeCountryBody, DoneAnswer, ProfileAnswer, SetCurrencyAnswer, SetCurrencyBody, SetLanguageBody, UpdateProfileBody, UpdateProfilePhotoAnswer,
  UpdateProfilePhotoBody, UserAnswer, UserInfoDataAnswer,
} from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { FavouriteTourAnswer, FavouriteTourBody } from '@tours/shared/src/api/schemas/search';
import { addFavouriteTours, favouriteTourIds, removeFavouriteTour } from '../db/queries/favourites';
import { setTravellerCurrency, updateTraveller, type Traveller } from '../db/queries/travellers';
import { uploadById } from '../db/queries/uploads';
import { validationError } from '../lib/errors';
import type { Services } from '../services';
import { done, profileOf } from '../lib/accounts';
import { requireTraveller, signedInTraveller } from '../lib/auth';
import type { ApiRouter } from './router';
import { countryById } from '../db/queries/reference';
import { listedTourIds } from '../db/queries/tours';

export function registerAccountRoutes(router: ApiRouter, s: Services): void {
  const tags = ['accounts'];
  const signedIn = 'Needs X-Authorization: Bearer {token} (401 otherwise).';
  const userAnswer = async (row: Traveller, locale: ApiLocale) => ({ user: await profileOf(s, row, locale) });

  router.add({
    method: 'GET', url: '/crm/api/user/profile', tags, summary: "The signed-in traveller's profile",
    description: signedIn, answer: ProfileAnswer, errors: [401],
    handler: async ({ request, ctx }) => ({ profile: await profileOf(s, await requireTraveller(s, request), ctx.locale) }),
  });

  router.add({
    method: 'GET', url: '/spa/user-info-data', tags, summary: 'Who is asking: whether a traveller is signed in, and the profile',
    description: 'Never a 401: without a live token (none, expired, revoked) it answers `{ is_logged_in: false, profile: null }`.',
    answer: UserInfoDataAnswer,
    handler: async ({ request, ctx }) => {
      const traveller = await signedInTraveller(s, request);
      return traveller ? { is_logged_in: true, profile: await profileOf(s, traveller, ctx.locale) } : { is_logged_in: false, profile: null };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/set-currency', tags, summary: "Saves the currency to the signed-in traveller's profile",
    description: `${signedIn} currency_code: 3 letters, one the site offers (422 otherwise). Answers the updated user.`,
    body: SetCurrencyBody, answer: SetCurrencyAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      return userAnswer(await setTravellerCurrency(s.db, Number(traveller.id), body.currency_code, s.date()), ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/update-profile', tags, summary: 'Saves the first and last name (and the UTC offset)',
    description: `${signedIn} '' clears a name. Answers the updated user.`,
    body: UpdateProfileBody, answer: UserAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const row = await updateTraveller(s.db, traveller.id, {
        first_name: body.first_name, last_name: body.last_name, ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
      }, s.date());
      return userAnswer(row, ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/set-language', tags, summary: 'Saves the language of the site and of the messages to the traveller',
    description: `${signedIn} language_code: en, cn, de or ru. Answers the updated user.`,
    body: SetLanguageBody, answer: UserAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      return userAnswer(await updateTraveller(s.db, traveller.id, { language: body.language_code }, s.date()), ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/change-country', tags, summary: "Saves the traveller's country",
    description: `${signedIn} country_id: a country of GET /crm/api/dropdown/country (422 otherwise). Answers the updated user.`,
    body: ChangeCountryBody, answer: UserAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const country = await countryById(s.db, body.country_id);
      if (!country) throw validationError({ country_id: 'Incorrect value' });
      return userAnswer(await updateTraveller(s.db, traveller.id, { country_id: country.id }, s.date()), ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/update-profile-photo', tags, summary: "Makes an uploaded image the traveller's profile photo",
    description: `${signedIn} avatar_id: the id of an image this traveller uploaded (POST /crm/api/image/upload); anything else is a 422 on avatar_id. `
      + "Answers `{ success: true, user }`, the user with the photo's avatar_url.",
    body: UpdateProfilePhotoBody, answer: UpdateProfilePhotoAnswer, errors: [401],
    handler: async ({ body, request, ctx }) => {
      const traveller = await requireTraveller(s, request);
      const upload = await uploadById(s.db, body.avatar_id);
      // Another traveller's upload is as unknown as none (ids are not a way to learn what others uploaded).
      if (!upload || upload.traveller_id !== Number(traveller.id) || upload.kind !== 'image') throw validationError({ avatar_id: 'Not an image you uploaded' });
      const row = await updateTraveller(s.db, traveller.id, { avatar_id: upload.id }, s.date());
      return { ...done, user: await profileOf(s, row, ctx.locale) };
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/user/set-activity', tags, summary: 'Records that the traveller is active now',
    description: `${signedIn} No body.`,
    answer: DoneAnswer, errors: [401],
    handler: async ({ request }) => {
      const traveller = await requireTraveller(s, request);
      await updateTraveller(s.db, traveller.id, { last_activity_at: s.date().toISOString() }, s.date());
      return done;
    },
  });

  const favouriteRoute = (action: 'create' | 'delete') => router.add({
    method: 'POST', url: `/crm/api/favourite-tour/${action}`, tags,
    summary: action === 'create' ? "Adds a tour to the signed-in traveller's favourites" : "Removes a tour from the signed-in traveller's favourites",
    description: `${signedIn} Guests keep favourites on the device (they join the account at sign-in). Answers the account's favourites after the change.`
      + (action === 'create' ? ' 422 when tour_id is not a published tour.' : ''),
    body: FavouriteTourBody, answer: FavouriteTourAnswer, errors: [401],
    handler: async ({ body, request }) => {
      const traveller = await requireTraveller(s, request);
      if (action === 'create') {
        if (!(await listedTourIds(s.db, [body.tour_id], s.config)).has(body.tour_id)) throw validationError({ tour_id: 'Incorrect value' });
        await addFavouriteTours(s.db, traveller.id, [body.tour_id], s.date(), true);
      } else {
        await removeFavouriteTour(s.db, traveller.id, body.tour_id);
      }
      return { result: true as const, tour_ids: await favouriteTourIds(s.db, traveller.id) };
    },
  });
  favouriteRoute('create');
  favouriteRoute('delete');
}
