/**
 * The tourists of a request (public-site §3.7; issue 30: formerly inside routes/booking.ts): what the add-tourists
 * page and the arrival page save, each in one transaction with its history entry. The route parses the list and
 * checks that the request is still open; these check the list against the stored tourists.
 */
import type { TouristInput, TouristQuestionnaireInput } from '@tours/shared/src/api/schemas/booking';
import { MAX_PARTY } from '@tours/shared/src/api/schemas/booking';
import type { Infer } from 'superstruct';
import {
  appendHistory, bookingDb, deleteTourists, insertTourists, touristsOf, updateRequest, updateTourist, type TouristFields,
} from '../db/queries/booking';
import { validationError } from '../lib/errors';
import type { Services } from '../services';
import { travellerActor, type RequestAccess } from './booking';

const nullIfEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

function touristFields(input: TouristInput): TouristFields {
  return {
    full_name: nullIfEmpty(input.full_name), first_name: nullIfEmpty(input.first_name), last_name: nullIfEmpty(input.last_name),
    middle_name: nullIfEmpty(input.middle_name), birthday: nullIfEmpty(input.birthday), passport: nullIfEmpty(input.passport),
    email: nullIfEmpty(input.email), phone: nullIfEmpty(input.phone), food_restriction: nullIfEmpty(input.food_restriction), weight: input.weight ?? null,
  };
}

export function parseQuestionnaire(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string> : {};
  } catch {
    return {};
  }
}

/**
 * Saves the whole list: an item with a stored tourist's id changes it, one without adds one, a stored tourist left out
 * is removed. An id that is not one of the request's tourists: 422 on tourists.{i}.id.
 */
export async function replaceTourists(s: Services, { row, traveller }: RequestAccess, items: TouristInput[]): Promise<void> {
  const id = Number(row.id);
  const now = s.date();
  await bookingDb(s.db).transaction().execute(async (trx) => {
    const stored = await touristsOf(trx, id);
    const storedIds = new Set(stored.map((x) => Number(x.id)));
    const bad: Record<string, string> = {};
    items.forEach((item, i) => {
      if (item.id !== undefined && !storedIds.has(item.id)) bad[`tourists.${i}.id`] = 'Incorrect value';
    });
    if (Object.keys(bad).length) throw validationError(bad);
    const kept = new Set(items.map((x) => x.id).filter((x): x is number => x !== undefined));
    await deleteTourists(trx, id, [...storedIds].filter((x) => !kept.has(x)));
    for (const [i, item] of items.entries()) {
      if (item.id !== undefined) await updateTourist(trx, id, item.id, { ...touristFields(item), position: i }, now);
      else await insertTourists(trx, id, [touristFields(item)], i, now);
    }
    await updateRequest(trx, id, { updated_at: now.toISOString() });
    await appendHistory(trx, id, { ...travellerActor(traveller), action: 'tourists', changes: { count: items.length } }, now);
  });
}

/** Adds tourists after the stored ones: at most MAX_PARTY in all (422 on tourists). */
export async function addTourists(s: Services, { row, traveller }: RequestAccess, items: TouristInput[]): Promise<void> {
  const id = Number(row.id);
  const now = s.date();
  await bookingDb(s.db).transaction().execute(async (trx) => {
    const stored = await touristsOf(trx, id);
    if (stored.length + items.length > MAX_PARTY) throw validationError({ tourists: `Maximum ${MAX_PARTY - stored.length}` });
    const next = stored.reduce((max, x) => Math.max(max, x.position + 1), 0);
    await insertTourists(trx, id, items.map(touristFields), next, now);
    await updateRequest(trx, id, { updated_at: now.toISOString() });
    await appendHistory(trx, id, { ...travellerActor(traveller), action: 'tourists', changes: { added: items.length } }, now);
  });
}

/** Merges the tourists' questionnaire answers (an empty answer removes one; at most 50 a tourist, 422 on tourists). */
export async function saveQuestionnaires(s: Services, { row, traveller }: RequestAccess, items: Infer<typeof TouristQuestionnaireInput>[]): Promise<void> {
  const id = Number(row.id);
  const now = s.date();
  await bookingDb(s.db).transaction().execute(async (trx) => {
    const stored = new Map((await touristsOf(trx, id)).map((x) => [Number(x.id), x]));
    const bad: Record<string, string> = {};
    items.forEach((item, i) => {
      if (!stored.has(item.id)) bad[`tourists.${i}.id`] = 'Incorrect value';
    });
    if (Object.keys(bad).length) throw validationError(bad);
    for (const item of items) {
      const merged: Record<string, string> = { ...parseQuestionnaire(stored.get(item.id)!.questionnaire) };
      for (const [question, answer] of Object.entries(item.questionnaire)) {
        if (answer === '') delete merged[question];
        else Object.defineProperty(merged, question, { value: answer, enumerable: true, writable: true, configurable: true });
      }
      if (Object.keys(merged).length > 50) throw validationError({ tourists: 'Maximum 50' });
      await updateTourist(trx, id, item.id, { questionnaire: JSON.stringify(merged) }, now);
    }
    await updateRequest(trx, id, { updated_at: now.toISOString() });
    await appendHistory(trx, id, { ...travellerActor(traveller), action: 'questionnaires', changes: { tourists: items.map((x) => x.id) } }, now);
  });
}
