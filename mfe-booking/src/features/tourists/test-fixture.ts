/* Test data for the add-tourists page: GET /spa/tourists-info and update-tourists answers checked against their schemas. */
import { create } from 'superstruct';
import { TOURIST_TEMPLATE, Tourist, TouristsAnswer, TouristsInfoAnswer } from '@tours/shared/api';

export const UUID = '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10';

export function tourist(id: number, over: Partial<Tourist> = {}): Tourist {
  return create({ ...TOURIST_TEMPLATE, id, weight: null, questionnaire: {}, ...over }, Tourist);
}

export function touristsInfo(over: Partial<TouristsInfoAnswer> = {}): TouristsInfoAnswer {
  return create({
    request_id: 701, requestUUID: UUID, status: 1, adults: 2, children: 1, max_tourists: 50, can_edit: true, template: { ...TOURIST_TEMPLATE }, tourists: [],
    ...over,
  }, TouristsInfoAnswer);
}

/** What update-tourists answers for a saved body: each item stored (new ones get ids from 900). */
export function savedAnswer(body: unknown, requestId = 701): TouristsAnswer {
  const items = (body as { tourists: Array<Partial<Tourist> & { weight?: number }> }).tourists;
  let next = 900;
  return create({
    request_id: requestId,
    tourists: items.map((x) => tourist(x.id ?? (next += 1), { ...x, weight: x.weight ?? null })),
  }, TouristsAnswer);
}
