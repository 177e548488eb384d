import { renderHook } from '@testing-library/react';
import { create } from 'superstruct';
import type { ApiClient } from '../api/client';
import { SubmitHelpRequestBody } from '../api/schemas/requests';
import type { HostContext } from '../contract/host';
import { commonHelpData, helpRequestData, useHelpCardSubmit, type HelpRequestPage } from './help-card-submit';

const URL = 'https://tours.example/en/tours?query=zzz';

describe('helpRequestData (§7.4)', () => {
  it.each([
    ['a comment gets the request-from line', { type: 'common_help', comment: 'Baikal in March' }, { url: URL, timezone: 0, utmSource: 'newsletter' }, { comment: `Baikal in March\nrequest from ${URL}`, timezone: 0, referer: URL, utm_source: 'newsletter' }],
    ['no comment: the line alone', { type: 'phone_call_request' }, { url: URL, timezone: -2 }, { comment: `request from ${URL}`, timezone: -2, referer: URL }],
    ['no utm_source cookie: none sent', { type: 'common_help_by_email', comment: '' }, { url: URL, timezone: 8, utmSource: null }, { comment: `request from ${URL}`, timezone: 8, referer: URL }],
  ] as Array<[string, { type: string; comment?: string }, HelpRequestPage, Record<string, unknown>]>)('%s', (_name, fields, page, expected) => {
    const data = helpRequestData(fields, page);
    expect(data).toEqual({ ...fields, ...expected, agree: true });
    if (!page.utmSource) expect(data).not.toHaveProperty('utm_source');
  });

  it('the common help card sends type common_help with name, phone and the comment, valid for the schema', () => {
    const data = commonHelpData({ name: 'Anna', phone: '+7 916 123-45-67', comment: 'Kamchatka', country: 'RU' }, { url: URL, timezone: 0 }, 'search_empty');
    expect(data).toEqual({ type: 'common_help', name: 'Anna', phone: '+79161234567', comment: `Kamchatka\nrequest from ${URL}`, click_source: 'search_empty', timezone: 0, referer: URL, agree: true });
    expect(create({ data }, SubmitHelpRequestBody).data).toMatchObject({ type: 'common_help', name: 'Anna', click_source: 'search_empty' });
  });
});

describe('useHelpCardSubmit', () => {
  function setup(answers: Array<() => Promise<unknown>>) {
    const post = jest.fn((..._args: unknown[]) => answers.shift()!());
    const host = { api: { get: jest.fn(), post } as unknown as ApiClient } as unknown as HostContext;
    const { result } = renderHook(() => useHelpCardSubmit(host, 'main_page'));
    return { post, submit: result.current };
  }
  const values = { name: 'Anna', phone: '+79161234567', comment: 'Kamchatka', country: 'RU' };
  const keyOf = (call: unknown[]) => (call[2] as { headers: Record<string, string> }).headers['Idempotency-Key'];

  it('posts common_help with captcha and resolves with the request id', async () => {
    const { post, submit } = setup([async () => ({ request_id: 41, requestUUID: 'u' })]);
    await expect(submit(values)).resolves.toBe(41);
    const [path, body, options] = post.mock.calls[0]!;
    expect(path).toBe('/spa/submit-help-request');
    expect((body as { data: Record<string, unknown> }).data).toMatchObject({ type: 'common_help', name: 'Anna', phone: '+79161234567', comment: expect.stringMatching(/^Kamchatka\nrequest from /), click_source: 'main_page' });
    expect(options).toMatchObject({ captcha: true, headers: { 'Idempotency-Key': expect.any(String) } });
  });

  it('a retry of the same fields after a failure keeps the key; changed fields or a new submit get a new one', async () => {
    const fail = () => Promise.reject(new Error('offline'));
    const ok = () => Promise.resolve({ request_id: 42, requestUUID: 'u' });
    const { post, submit } = setup([fail, ok, fail, ok]);
    await expect(submit(values)).rejects.toThrow('offline');
    await submit(values);
    expect(keyOf(post.mock.calls[1]!)).toBe(keyOf(post.mock.calls[0]!));
    await expect(submit(values)).rejects.toThrow('offline');
    expect(keyOf(post.mock.calls[2]!)).not.toBe(keyOf(post.mock.calls[1]!));
    await submit({ ...values, comment: 'Altai' });
    expect(keyOf(post.mock.calls[3]!)).not.toBe(keyOf(post.mock.calls[2]!));
  });
});
