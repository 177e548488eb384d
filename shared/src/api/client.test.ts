/** @jest-environment node */
import { number, type } from 'superstruct';
import { DEFAULT_TIMEOUT_MS, createApiClient, isRetryableError, toQueryString } from './client';
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

  describe('timeout', () => {
    /** A connection that never answers; it only ends when aborted. */
    const hanging = jest.fn((_url: string, init: RequestInit) => new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    })) as unknown as typeof fetch;
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    test('a call without an answer fails after 10 s like a network failure (status 0), logged as [0] url', async () => {
      const client = createApiClient({ fetch: hanging, logger, headers: () => ({}) });
      const call = client.get('/spa/info', { schema: Answer }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(logger.error).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      const error = (await call) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, url: '/spa/info', message: 'Timeout' });
      expect(isRetryableError(error)).toBe(true);
      expect(logger.error).toHaveBeenCalledWith('[0] /spa/info timed out after 10000 ms');
    });

    test('per call and per client; 0 waits for ever', async () => {
      const client = createApiClient({ fetch: hanging, logger, headers: () => ({}), timeout: 3000 });
      const quick = client.get('/spa/info', { schema: Answer, timeout: 500 }).catch((e: unknown) => e);
      const byClient = client.get('/spa/info', { schema: Answer }).catch((e: unknown) => e);
      const controller = new AbortController();
      const never = client.get('/spa/info', { schema: Answer, timeout: 0, signal: controller.signal }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(500);
      expect(await quick).toMatchObject({ status: 0, message: 'Timeout' });
      await jest.advanceTimersByTimeAsync(2500);
      expect(await byClient).toMatchObject({ status: 0, message: 'Timeout' });
      await jest.advanceTimersByTimeAsync(60_000);
      controller.abort();
      expect(await never).toMatchObject({ name: 'AbortError' });
    });

    test('the timeout covers a body that stalls after the headers', async () => {
      const stalls = jest.fn(async (_url: string, init: RequestInit) => ({
        ok: true, status: 200, statusText: 'OK',
        text: () => new Promise<string>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
      })) as unknown as typeof fetch;
      const client = createApiClient({ fetch: stalls, logger, headers: () => ({}) });
      const call = client.get('/spa/info', { schema: Answer }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
      expect(await call).toMatchObject({ status: 0, message: 'Timeout' });
    });

    test('aborting still aborts (no timeout error), and an answered call leaves no timer behind', async () => {
      const client = createApiClient({ fetch: hanging, logger, headers: () => ({}) });
      const controller = new AbortController();
      const call = client.get('/spa/info', { schema: Answer, signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(await call).toMatchObject({ name: 'AbortError' });
      const kinded = client.get('/spa/tours', { schema: Answer, kind: 'search' }).catch((e: unknown) => e);
      void client.get('/spa/tours', { schema: Answer, kind: 'search', timeout: 0 }).catch(() => undefined);
      expect(await kinded).toMatchObject({ name: 'AbortError' });
      const { impl } = fakeFetch([{ status: 200, body: { result: 1 } }]);
      const answered = createApiClient({ fetch: impl, logger, headers: () => ({}) }).get('/spa/info', { schema: Answer });
      await jest.advanceTimersByTimeAsync(0);
      await expect(answered).resolves.toEqual({ result: 1 });
      expect(jest.getTimerCount()).toBe(0);
      expect(logger.error).not.toHaveBeenCalled();
    });
  });

  test.each([
    [new ApiError(0, '/x', 'Network error'), true],
    [new ApiError(0, '/x', 'Timeout'), true],
    [new ApiError(503, '/x', 'API unavailable'), true],
    [new ApiError(500, '/x', 'Server exploded'), true],
    [new ApiError(408, '/x', 'Request timeout'), true],
    [new ApiError(429, '/x', 'Too many requests'), true],
    [new ApiError(429, '/x', 'Too many requests', {}, { type: 'captcha' }), false],
    [new ApiError(404, '/x', 'Not found'), false],
    [new ApiError(422, '/x', 'Check the form'), false],
    [new DOMException('Aborted', 'AbortError'), false],
    [new TypeError('Failed to fetch'), false],
    [new Error('Illegal redirect'), false],
  ])('isRetryableError(%p) → %p', (error, expected) => {
    expect(isRetryableError(error)).toBe(expected);
  });
});

describe('the captcha protocol (accounts-and-comms §4 Captcha, §7 Captcha headers)', () => {
  const logger = { error: jest.fn() };
  const captchaAnswer = (data: Record<string, unknown> = {}) => ({ status: 429, body: { message: 'Too many requests', data: { type: 'captcha', ...data } } });
  const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

  test('a marked call carries the invisible token computed for its action name', async () => {
    const { impl, calls } = fakeFetch([{ status: 200, body: { result: 1 } }]);
    const invisibleToken = jest.fn(async (action: string) => `inv-${action}`);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve: jest.fn(), invisibleToken } });
    await client.post('/crm/api/user/send-auth-code', { login: 'a@b.cd' }, { schema: Answer, captcha: true });
    expect(invisibleToken).toHaveBeenCalledWith('user/send_auth_code');
    expect(headersOf(calls[0]!.init)['x-invisible-captcha-token']).toBe('inv-user/send_auth_code');
    // An unmarked call does not.
    const second = fakeFetch([{ status: 200, body: { result: 1 } }]);
    const plain = createApiClient({ fetch: second.impl, logger, headers: () => ({}), captcha: { solve: jest.fn(), invisibleToken } });
    await plain.get('/spa/info', { schema: Answer });
    expect(headersOf(second.calls[0]!.init)).not.toHaveProperty('x-invisible-captcha-token');
  });

  test('solved: the same call again once, with x-captcha-token, without the invisible token, with the error ids merged into the body', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer({ request_id: 41, requestUUID: 'u-1', subscriber_id: 's-1' }), { status: 200, body: { result: 7 } }]);
    const solve = jest.fn(async () => 'solved-token');
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve, invisibleToken: async () => 'inv' } });
    await expect(client.post('/spa/submit-help-request', { data: { type: 'callback' } }, { schema: Answer, captcha: true })).resolves.toEqual({ result: 7 });
    expect(solve).toHaveBeenCalledWith('captcha', 'rest/submit_help_request');
    expect(calls).toHaveLength(2);
    expect(headersOf(calls[1]!.init)['x-captcha-token']).toBe('solved-token');
    expect(headersOf(calls[1]!.init)).not.toHaveProperty('x-invisible-captcha-token');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ data: { type: 'callback', request_id: 41, requestUUID: 'u-1', subscriber_id: 's-1' } });
  });

  test('a multipart form (FormData) goes as it is, without a Content-Type of ours; its captcha retry is a copy with the error ids as fields', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer({ request_id: 41 }), { status: 200, body: { result: 3 } }]);
    const solve = jest.fn(async () => 'solved-token');
    const client = createApiClient({ fetch: impl, logger, headers: () => ({ 'X-Language': 'en' }), captcha: { solve } });
    const form = new FormData();
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    form.append('image', image);
    form.append('bucket', 'avatars');
    await expect(client.post('/crm/api/image/upload', form, { schema: Answer, captcha: true })).resolves.toEqual({ result: 3 });
    expect(solve).toHaveBeenCalledWith('captcha', 'image/upload');
    expect(calls[0]!.init.body).toBe(form);
    for (const call of calls) {
      expect(Object.keys(headersOf(call.init)).map((h) => h.toLowerCase())).not.toContain('content-type');
      expect(headersOf(call.init)['X-Language']).toBe('en');
    }
    const retry = calls[1]!.init.body as FormData;
    expect(retry).toBeInstanceOf(FormData);
    expect(retry.get('bucket')).toBe('avatars');
    expect(retry.get('request_id')).toBe('41');
    expect((retry.get('image') as File).name).toBe('me.png');
    // The original form is left as it was.
    expect(form.get('request_id')).toBeNull();
    // JSON bodies still say so.
    const json = fakeFetch([{ status: 200, body: { result: 1 } }]);
    await createApiClient({ fetch: json.impl, logger, headers: () => ({}) }).post('/spa/x', { a: 1 }, { schema: Answer });
    expect(headersOf(json.calls[0]!.init)['Content-Type']).toBe('application/json');
    expect(json.calls[0]!.init.body).toBe('{"a":1}');
  });

  test("'hard_captcha' asks for the hard captcha", async () => {
    const { impl } = fakeFetch([{ status: 429, body: { message: 'x', data: { type: 'hard_captcha' } } }, { status: 200, body: { result: 1 } }]);
    const solve = jest.fn(async () => 't');
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve } });
    await client.get('/crm/api/user/phone-confirmation-methods', { schema: Answer });
    expect(solve).toHaveBeenCalledWith('hard_captcha', 'user/phone_confirmation_methods');
  });

  test('dismissed: the original error propagates and nothing is sent again', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer()]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve: async () => null } });
    const error = (await client.post('/crm/api/user/auth', {}, { schema: Answer }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.needsCaptcha).toBe(true);
    expect(error.message).toBe('Too many requests');
    expect(calls).toHaveLength(1);
  });

  test('only one retry: a second captcha answer is the error', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer(), captchaAnswer()]);
    const solve = jest.fn(async () => 't');
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve } });
    await expect(client.get('/spa/info', { schema: Answer })).rejects.toMatchObject({ status: 429 });
    expect(solve).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  test('calls that meet the captcha while it is open wait for the one solve and are sent again without a token', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer(), captchaAnswer(), { status: 200, body: { result: 1 } }, { status: 200, body: { result: 2 } }]);
    let finish: (token: string) => void = () => {};
    const solve = jest.fn(() => new Promise<string | null>((resolve) => { finish = resolve; }));
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}), captcha: { solve } });
    const a = client.get('/spa/info', { schema: Answer });
    const b = client.get('/spa/contacts', { schema: Answer });
    await new Promise((r) => setTimeout(r, 20));
    finish('tok');
    const results = await Promise.all([a, b]);
    expect(results.map((r) => r.result).sort()).toEqual([1, 2]);
    expect(solve).toHaveBeenCalledTimes(1);
    const retried = calls.slice(2).map((c) => headersOf(c.init)['x-captcha-token'] ?? null);
    expect(retried.sort()).toEqual([null, 'tok']);
  });

  test('without a handler a captcha answer is an error like any other', async () => {
    const { impl, calls } = fakeFetch([captchaAnswer()]);
    const client = createApiClient({ fetch: impl, logger, headers: () => ({}) });
    await expect(client.get('/spa/info', { schema: Answer })).rejects.toMatchObject({ status: 429 });
    expect(calls).toHaveLength(1);
  });
});
