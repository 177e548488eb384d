import { ApiError, pageErrorOf } from './errors';

const answer = (status: number, data?: Record<string, unknown>) => new ApiError(status, '/spa/tour', 'x', {}, data);

describe('pageErrorOf: the error page a failed page call leads to (public-site §2.8)', () => {
  test.each<[string, unknown, ReturnType<typeof pageErrorOf>]>([
    ['404', answer(404), { status: 404 }],
    ['404 of a removed tour keeps its data', answer(404, { reason: 'removed_from_publication', similar_tours: [] }), { status: 404, data: { reason: 'removed_from_publication', similar_tours: [] } }],
    ['404 otherwise without data', answer(404, { reason: 'other' }), { status: 404 }],
    ['403 names the account the page belongs to', answer(403, { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'r***@example.com', token: 'secret' }), { status: 403, data: { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'r***@example.com' } }],
    ['403 without the account', answer(403, { legit_user_email: '' }), { status: 403 }],
    ['410', answer(410), { status: 410 }],
    ['no answer: 503', answer(0), { status: 503 }],
    ['a 5xx as it came', answer(502), { status: 502 }],
    ['another 4xx: the default page', answer(422), { status: 500 }],
    ['429: the default page', answer(429), { status: 500 }],
    ['not an answer', new Error('boom'), { status: 500 }],
  ])('%s', (_name, error, expected) => expect(pageErrorOf(error)).toEqual(expected));
});
