import { captchaAction, captchaKeyFor, captchaRetryBody } from './captcha';

describe('captchaAction (accounts-and-comms §7 Captcha headers)', () => {
  test.each([
    ['/crm/api/user/send-auth-code', 'user/send_auth_code'],
    ['/crm/api/user/auth-via-code?lang=en#top', 'user/auth_via_code'],
    ['crm/api/user/register-without-password', 'user/register_without_password'],
    ['/spa/submit-help-request', 'rest/submit_help_request'],
    ['/spa/submit-help-request?x=1', 'rest/submit_help_request'],
    ['http://localhost:8080/spa/tour-for-request?id=3', 'rest/tour_for_request'],
    ['/crm/api/chat/get-chat-with-organizer', 'chat/get_chat_with_organizer'],
    ['/crm/api/file/upload-video#x', 'file/upload_video'],
    ['/node-api/some-call', 'node_api/some_call'],
    ['', ''],
  ])('%s → %s', (url, action) => {
    expect(captchaAction(url)).toBe(action);
  });
});

describe('captchaKeyFor (§5 Captcha)', () => {
  const settings = { captcha_key: '/spa/captcha/challenge', hard_captcha_key: '/spa/captcha/challenge?hard=1' };
  test.each([
    ['captcha', settings, '/spa/captcha/challenge'],
    ['hard_captcha', settings, '/spa/captcha/challenge?hard=1'],
    ['captcha', { captcha_key: '', hard_captcha_key: 'x' }, null],
    ['hard_captcha', { captcha_key: 'x', hard_captcha_key: null }, null],
    ['captcha', { captcha_key: '  ', hard_captcha_key: null }, null],
  ] as const)('%s with %j → %s', (type, s, key) => {
    expect(captchaKeyFor(type, s)).toBe(key);
  });
});

describe('captchaRetryBody (§7: request_id, requestUUID and subscriber_id of the error merged into the body)', () => {
  test.each([
    [{ login: 'a@b.cd' }, { type: 'captcha' }, { login: 'a@b.cd' }],
    [{ login: 'a@b.cd' }, { type: 'captcha', request_id: 7, requestUUID: 'u', subscriber_id: 's' }, { login: 'a@b.cd', request_id: 7, requestUUID: 'u', subscriber_id: 's' }],
    [{ data: { type: 'callback', phone: '+7999' } }, { request_id: 9 }, { data: { type: 'callback', phone: '+7999', request_id: 9 } }],
    [undefined, { subscriber_id: 's' }, { subscriber_id: 's' }],
    [undefined, undefined, undefined],
    [{ a: 1 }, { request_id: null }, { a: 1 }],
  ])('%j + %j → %j', (body, data, expected) => {
    expect(captchaRetryBody(body, data as Record<string, unknown> | undefined)).toEqual(expected);
  });
});

test('captchaRetryBody: a FormData gets the ids as fields of a copy (a given one replaced), files kept', () => {
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4']), 'a.pdf');
  form.append('is_public', '1');
  form.append('request_id', 'old');
  const out = captchaRetryBody(form, { request_id: 7, subscriber_id: 's' }) as FormData;
  expect(out).not.toBe(form);
  expect(out.getAll('request_id')).toEqual(['7']);
  expect(out.get('subscriber_id')).toBe('s');
  expect(out.get('is_public')).toBe('1');
  expect((out.get('file') as File).name).toBe('a.pdf');
  expect(captchaRetryBody(form, { type: 'captcha' })).toBe(form);
});
