/** @jest-environment node */
import { number, type } from 'superstruct';
import { createApiClient, toQueryString } from './client';
import { ApiError } from './errors';
import { commonHeaders } from './headers';

const Answer = type({ result: number() });

function fakeFetch(responses: Array<{ status: number; body: unknown; delayMs?: number }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = jest.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const r = responses.shift()!;
    return new Promise<Response>((resolve, reject) => {
      const t = setTimeout(() => resolve(new Response(JSON.stringify(r.body), { status: r.status })), r.delayMs ?? 0);
      init.signal?.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('api client', () => {
  const logger = { error: jest.fn() };
  beforeEach(() => logger.error.mockReset());

  test('sends the common headers of §7.1', async () => {
    const { impl, calls } = fakeFetch([{ status: 200, body: { result: 1 } }]);
    const client = createApiClient({ fetch: impl, logger, headers: () => commonHeaders({ locale: 'de', currency: 'EUR', token: 'abc' }) });
    await client.get('/spa/info', { schema: Answer });
    expect(calls[0]!.init.headers).toMatchObject({ 'X-Language': 'de', 'X-Localization': '3', 'X-Currency': 'EUR', 'X-USER-ROLE': 'client', 'X-Authorization': 'Bearer abc' });
  });

  test('leaves X-Authorization out when logged out', () => {
    expect(commonHeaders({ locale: 'cn', currency: 'CNY' })).not.toHaveProperty('X-Authorization');
    expect(commonHeaders({ locale: 'cn', currency: 'CNY' })['X-Localization']).toBe('12');
  });

  test('maps the error shape: message, else error; field errors keyed by field; logs [status] url', async () => {
    const { impl } = fakeFetch([
      { status: 422, body: { message: 'Check the form', errors: { phone: ['Please enter a valid phone number'], name: 'Required field' } } },
      { status: 500, body: { error: 'Server exploded' } },
    ]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}) });
    const first = await client.post('/spa/submit-help-request', { a: 1 }, { schema: Answer }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).message).toBe('Check the form');
    expect((first as ApiError).fieldErrors).toEqual({ phone: 'Please enter a valid phone number', name: 'Required field' });
    const second = await client.get('/spa/info', { schema: Answer }).catch((e: unknown) => e);
    expect((second as ApiError).message).toBe('Server exploded');
    expect(logger.error).toHaveBeenCalledWith('[422] /spa/submit-help-request');
    expect(logger.error).toHaveBeenCalledWith('[500] /spa/info');
  });

  test('recognises the captcha answer', async () => {
    const { impl } = fakeFetch([{ status: 429, body: { message: 'Too many requests', data: { type: 'captcha' } } }]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}) });
    const error = (await client.get('/spa/info', { schema: Answer }).catch((e: unknown) => e)) as ApiError;
    expect(error.needsCaptcha).toBe(true);
  });

  test('checks every answer with its schema', async () => {
    const { impl } = fakeFetch([{ status: 200, body: { result: 'not a number' } }]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}) });
    await expect(client.get('/spa/info', { schema: Answer })).rejects.toThrow('Unexpected answer');
  });

  test('a newer request of the same kind cancels the running one', async () => {
    const { impl } = fakeFetch([
      { status: 200, body: { result: 1 }, delayMs: 50 },
      { status: 200, body: { result: 2 }, delayMs: 0 },
    ]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}) });
    const first = client.get('/spa/tours', { schema: Answer, kind: 'search' });
    const second = client.get('/spa/tours', { schema: Answer, kind: 'search' });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toEqual({ result: 2 });
  });

  test('serialises queries: arrays repeat, booleans 0/1, empty left out', () => {
    expect(toQueryString({ cities: [1, 2], isCruisesSearch: true, slug: '', organizer: null, page: 2 })).toBe('?cities=1&cities=2&isCruisesSearch=1&page=2');
    expect(toQueryString({})).toBe('');
  });
});
