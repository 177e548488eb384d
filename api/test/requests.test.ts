/** POST /spa/submit-help-request (public-site §3.7, §7.4) and the partner widgets' CORS rule. */
import { SubmitHelpRequestAnswer } from '@tours/shared/src/api/schemas/requests';
import { helpRequestById, latestHelpRequests } from '../src/db/queries/requests';
import { expectShape, get, solveCaptcha, testServer, withTestServer } from './helpers';


// Seeded: a request's tour_id and organizer_id must name rows that exist.
const { t, app } = withTestServer();

async function countRequests(): Promise<number> {
  return (await latestHelpRequests(t.db, 100000)).length;
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/spa/submit-help-request', payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

const PARTNER_PAGE = 'https://agency.example/tours/russia?utm=1';

test('a partner widget request is stored with every field, the partner attribution and its source', async () => {
  const res = await post(
    {
      data: {
        type: 'common_help', name: '  Anna Petrova ', phone: '+7 916 123-45-67', comment: 'Baikal in March\nrequest from https://agency.example/tours/russia',
        timezone: -1, referer: PARTNER_PAGE, utm_source: 'agency-42', utm_campaign: 'spring', utm_content: 'sidebar', partner_id: 'agency-42', agree: true,
        click_source: 'partner_widget',
      },
    },
    { origin: 'https://agency.example', 'x-language': 'de' },
  );
  expect(res.status).toBe(200);
  const { request_id } = expectShape(res.body, SubmitHelpRequestAnswer);
  const row = await helpRequestById(t.db, request_id);
  expect(row).toMatchObject({
    type: 'common_help', name: 'Anna Petrova', phone: '+7 916 123-45-67', comment: 'Baikal in March\nrequest from https://agency.example/tours/russia',
    timezone: -1, referer: PARTNER_PAGE, utm_source: 'agency-42', utm_campaign: 'spring', utm_content: 'sidebar', partner_id: 'agency-42',
    source: 'partner_widget', origin: 'https://agency.example', locale: 'de', adults: 1, children: 0, agree: 1, click_source: 'partner_widget',
  });
  expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
});

test('the partner id credits the partner as utm_source when the page sent none; referer falls back to the header', async () => {
  const res = await post({ data: { type: 'common_help', name: 'Li Wei', phone: '+8613812345678', partner_id: 'travel.cn_7' } }, { referer: 'https://travel.cn/page' });
  expect(res.status).toBe(200);
  const row = await helpRequestById(t.db, (res.body as SubmitHelpRequestAnswer).request_id);
  expect(row).toMatchObject({ utm_source: 'travel.cn_7', partner_id: 'travel.cn_7', referer: 'https://travel.cn/page', source: 'partner_widget', locale: 'en' });
});

test('every §3.7 field is kept (cost calculation request from the site)', async () => {
  const [earlier] = await latestHelpRequests(t.db, 1);
  const res = await post({
    data: {
      type: 'city_calculate', tour_id: 1042, city: 12, dates: 'individual', email: 'ivan@example.com', phone: '+79161234567', first_name: 'Ivan', last_name: 'Petrov',
      adults: 2, children: 1, date_start_formatted: '2026-07-01', date_end_formatted: '2026-07-10', time_start: '09:30', is_travel_by_avia: true, is_travel_by_train: false,
      // The request to update is named with its uuid too (the id alone is a guessable number: issue 14).
      organizer_id: 7, request_id_to_update: earlier!.id, requestUUID: (earlier as unknown as { uuid: string }).uuid, timezone: 0, agree: true, utm_source: 'newsletter', referer: 'https://site.example/tour-1042',
    },
  });
  expect(res.status).toBe(200);
  const row = await helpRequestById(t.db, (res.body as SubmitHelpRequestAnswer).request_id);
  expect(row).toMatchObject({
    type: 'city_calculate', tour_id: 1042, city: '12', dates: 'individual', email: 'ivan@example.com', first_name: 'Ivan', last_name: 'Petrov', adults: 2, children: 1,
    date_start_formatted: '2026-07-01', date_end_formatted: '2026-07-10', time_start: '09:30', is_travel_by_avia: 1, is_travel_by_train: 0, organizer_id: 7,
    request_id_to_update: earlier!.id, timezone: 0, utm_source: 'newsletter', partner_id: null, source: 'site',
  });
});

// The e-book is not among them: it has a call of its own (POST /spa/subscribe-ebook, api/test/kept-promises.test.ts).
test('the layout requests (callback, e-mail) are accepted as the host sends them', async () => {
  const callback = await post({ data: { type: 'phone_call_request', name: 'Anna', phone: '+4915123456789', comment: 'request from http://localhost/', timezone: -2, referer: 'http://localhost/', agree: true } });
  const mail = await post({ data: { type: 'common_help_by_email', email: 'a@b.de', comment: 'Baikal in March?', click_source: 'support_popup', timezone: -2, referer: 'http://localhost/', agree: true } });
  expect([callback.status, mail.status]).toEqual([200, 200]);
  expect(await helpRequestById(t.db, (mail.body as SubmitHelpRequestAnswer).request_id)).toMatchObject({ type: 'common_help_by_email', click_source: 'support_popup', source: 'site' });
  expect(await helpRequestById(t.db, (callback.body as SubmitHelpRequestAnswer).request_id)).toMatchObject({ type: 'phone_call_request', phone: '+4915123456789' });
});

test.each<[string, unknown, Record<string, string>]>([
  ['no data', {}, { data: 'Required field' }],
  ['data is not an object', { data: 'x' }, { data: 'Incorrect value' }],
  ['no type', { data: { name: 'A', phone: '+79161234567' } }, { type: 'Required field' }],
  ['unknown type', { data: { type: 'free_money', phone: '+79161234567' } }, { type: 'Incorrect value' }],
  ['help card: name and phone required (§5.7)', { data: { type: 'common_help', name: ' ', comment: 'hi' } }, { name: 'Required field', phone: 'Required field' }],
  ['an invalid phone and a missing name together', { data: { type: 'common_help', phone: '8916' } }, { name: 'Required field', phone: 'Please enter a valid phone number' }],
  ['a phone longer than 18 characters', { data: { type: 'common_help', name: 'A', phone: '+7 916 123 45 67 890' } }, { phone: 'Maximum 18 characters' }],
  ['an invalid e-mail', { data: { type: 'common_help_by_email', email: 'a@' } }, { email: 'Please enter a valid e-mail' }],
  ['e-mail request without e-mail', { data: { type: 'common_help_by_email', comment: 'hi' } }, { email: 'Required field' }],
  ['timezone outside −15…+11', { data: { type: 'common_help', name: 'A', phone: '+79161234567', timezone: 12 } }, { timezone: 'Maximum 11' }],
  ['a name of 101 characters', { data: { type: 'common_help', name: 'a'.repeat(101), phone: '+79161234567' } }, { name: 'Maximum 100 characters' }],
  ['a partner id with spaces', { data: { type: 'common_help', name: 'A', phone: '+79161234567', partner_id: 'my agency' } }, { partner_id: 'Incorrect value' }],
  ['a malformed date', { data: { type: 'common_help', name: 'A', phone: '+79161234567', date_start_formatted: '01.07.2026' } }, { date_start_formatted: 'Incorrect value' }],
  ['other types need a phone or an e-mail', { data: { type: 'learn_more', comment: 'hi' } }, { phone: 'Required field' }],
  // Ids are integers 1..2^31-1 naming rows that exist (a REAL 1e308 or a dangling id was stored before).
  ['a tour id of 1e308', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: 1e308 } }, { tour_id: 'Maximum 2147483647' }],
  ['a tour id that is a float', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: 1001.5 } }, { tour_id: 'Incorrect value' }],
  ['a tour id as text', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: '1001' } }, { tour_id: 'Incorrect value' }],
  ['a negative tour id', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: -1 } }, { tour_id: 'Minimum 1' }],
  ['a tour id past 2^53', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: 2 ** 53 + 2 } }, { tour_id: 'Maximum 2147483647' }],
  ['organizer and request ids of 1e308', { data: { type: 'add_email_to_request', email: 'a@b.de', organizer_id: 1e308, request_id_to_update: 1e308 } },
    { organizer_id: 'Maximum 2147483647', request_id_to_update: 'Maximum 2147483647' }],
  ['a tour that does not exist', { data: { type: 'common_help', name: 'A', phone: '+79161234567', tour_id: 99999999 } }, { tour_id: 'Incorrect value' }],
  // Whether a request id exists is never told (issue 28): without its uuid, any id is 'Required field' on requestUUID.
  ['an organizer and a request that do not exist', { data: { type: 'add_email_to_request', email: 'a@b.de', organizer_id: 2147483647, request_id_to_update: 2147483647 } },
    { organizer_id: 'Incorrect value', requestUUID: 'Required field' }],
  // Control characters are refused in every text field; a comment keeps its line breaks and tabs.
  ['a NUL byte in the name', { data: { type: 'common_help', name: 'Anna\u0000Petrova', phone: '+79161234567' } }, { name: 'Incorrect value' }],
  ['a bell in the comment', { data: { type: 'common_help', name: 'A', phone: '+79161234567', comment: 'hi\u0007' } }, { comment: 'Incorrect value' }],
  ['a NUL byte in the comment', { data: { type: 'common_help', name: 'A', phone: '+79161234567', comment: 'line\n\u0000' } }, { comment: 'Incorrect value' }],
  ['a line break in the name', { data: { type: 'common_help', name: 'Anna\nPetrova', phone: '+79161234567' } }, { name: 'Incorrect value' }],
  ['an escape in the e-mail', { data: { type: 'common_help_by_email', email: 'a\u001b@b.de' } }, { email: 'Incorrect value' }],
  ['a C1 control in the referer', { data: { type: 'common_help', name: 'A', phone: '+79161234567', referer: 'https://x.example/\u0085' } }, { referer: 'Incorrect value' }],
  ['a lone surrogate in the name', { data: { type: 'common_help', name: 'A\ud800', phone: '+79161234567' } }, { name: 'Incorrect value' }],
  ['a NUL byte in the city', { data: { type: 'city_calculate', city: 'Mos\u0000cow', dates: 'individual', email: 'a@b.de', phone: '+79161234567' } }, { city: 'Incorrect value' }],
  ['a utm_source of 101 characters', { data: { type: 'common_help', name: 'A', phone: '+79161234567', utm_source: 'u'.repeat(101) } }, { utm_source: 'Maximum 100 characters' }],
  ['a comment of 3001 characters', { data: { type: 'common_help', name: 'A', phone: '+79161234567', comment: 'c'.repeat(3001) } }, { comment: 'Maximum 3000 characters' }],
])('422 with field errors keyed by field: %s', async (_name, body, errors) => {
  const before = await countRequests();
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual(errors);
  expect(res.body.message).toBe(Object.values(errors)[0]);
  expect(await countRequests()).toBe(before);
});

test('text may be any language, emoji and combining marks included; a comment keeps its tabs and line breaks', async () => {
  const name = 'Ана 李 مريم 👩‍👩‍👧 Zoë';
  const comment = 'Line one\r\n\tתודה רבה 🙏\nrequest from https://site.example/';
  const res = await post({ data: { type: 'common_help', name, phone: '+79161234567', comment } });
  expect(res.status).toBe(200);
  expect(await helpRequestById(t.db, (res.body as SubmitHelpRequestAnswer).request_id)).toMatchObject({ name, comment: comment.trim() });
});

test('a body that is not an object of fields is a 400 with a general message, no field keyed `_`', async () => {
  for (const body of ['[]', '"data"', '42', 'true', '[{"data":{}}]']) {
    const before = await countRequests();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Bad request' });
    expect(await countRequests()).toBe(before);
  }
  // `null` is no body at all: the envelope is missing.
  expect(await post('null')).toMatchObject({ status: 422, body: { errors: { data: 'Required field' } } });
});

test('field errors never echo the value sent', async () => {
  const marker = 'ECHO-MARKER';
  const res = await app.inject({
    method: 'POST', url: '/spa/submit-help-request', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ data: { type: marker, name: `${marker}\u0000`, phone: marker, email: marker, tour_id: marker, timezone: marker, partner_id: `${marker} x`, comment: marker.repeat(400) } }),
  });
  expect(res.statusCode).toBe(422);
  expect(res.body).not.toContain(marker);
  expect(Object.keys(res.json().errors).sort()).toEqual(['comment', 'email', 'name', 'partner_id', 'phone', 'timezone', 'tour_id', 'type']);
});

test('malformed JSON is a 400, never a 5xx', async () => {
  const res = await post('{"data": ');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'Malformed JSON' });
});

describe('CORS: any partner origin on exactly the calls the widgets make', () => {
  test.each(['/spa/submit-help-request', '/spa/autocomplete', '/spa/search-form', '/spa/site-tokens', '/spa/captcha/challenge'])('preflight of %s', async (url) => {
    const res = await app.inject({
      method: 'OPTIONS', url,
      headers: { origin: 'https://agency.example', 'access-control-request-method': url.endsWith('request') ? 'POST' : 'GET', 'access-control-request-headers': 'content-type,x-language,x-currency,x-localization' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods'])).toContain(url.endsWith('request') ? 'POST' : 'GET');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toEqual(expect.stringContaining('x-language'));
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  test("the request form's retry after a captcha may send x-captcha-token (accounts-and-comms §7 'Captcha headers')", async () => {
    const res = await app.inject({
      method: 'OPTIONS', url: '/spa/submit-help-request',
      headers: { origin: 'https://agency.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-captcha-token,x-language' },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['content-type', 'x-captcha-token', 'x-language']));
    // Never the invisible captcha's header: widgets do not send it.
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).not.toContain('invisible');
  });

  test('answers (errors too) carry the header', async () => {
    const ok = await post({ data: { type: 'common_help', name: 'A', phone: '+79161234567', partner_id: 'p1' } }, { origin: 'https://agency.example' });
    const bad = await post({ data: { type: 'common_help' } }, { origin: 'https://agency.example' });
    const suggest = await get(app, '/spa/autocomplete?query=mos', { origin: 'https://agency.example' });
    const tokens = await get(app, '/spa/site-tokens', { origin: 'https://agency.example' });
    const challenge = await get(app, '/spa/captcha/challenge?action=rest/submit_help_request', { origin: 'https://agency.example' });
    const badChallenge = await get(app, '/spa/captcha/challenge', { origin: 'https://agency.example' });
    for (const res of [ok, bad, suggest, tokens, challenge, badChallenge]) expect(res.headers['access-control-allow-origin']).toBe('*');
    expect([bad.status, tokens.status, challenge.status, badChallenge.status]).toEqual([422, 200, 200, 422]);
  });

  test('other calls do not', async () => {
    for (const url of ['/spa/contacts', '/spa/info', '/spa/country-by-ip']) {
      const res = await get(app, url, { origin: 'https://agency.example' });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://agency.example', 'access-control-request-method': 'GET' } });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  test('a partner widget over the writes limit: 429 captcha, the challenge, and the retry with the solved token, all cross-origin', async () => {
    const limited = testServer(t.db, { rateLimitPerMin: 1000, rateLimitWritesPerMin: 1 });
    try {
      const from = '203.0.113.77';
      const origin = 'https://agency.example';
      const send = (headers: Record<string, string> = {}) =>
        limited.inject({
          method: 'POST', url: '/spa/submit-help-request', remoteAddress: from,
          payload: JSON.stringify({ data: { type: 'common_help', name: 'Anna', phone: '+79161234567', partner_id: 'agency-42', click_source: 'partner_widget' } }),
          headers: { 'content-type': 'application/json', origin, ...headers },
        });
      expect((await send()).statusCode).toBe(200);
      const asked = await send();
      expect([asked.statusCode, asked.json().data, asked.headers['access-control-allow-origin']]).toEqual([429, { type: 'captcha' }, '*']);
      const challenge = await limited.inject({ method: 'GET', url: '/spa/captcha/challenge?action=rest/submit_help_request', remoteAddress: from, headers: { origin } });
      expect([challenge.statusCode, challenge.headers['access-control-allow-origin']]).toEqual([200, '*']);
      const token = await solveCaptcha(limited, 'rest/submit_help_request', false, from);
      const retried = await send({ 'x-captcha-token': token });
      expect([retried.statusCode, typeof retried.json().request_id, retried.headers['access-control-allow-origin']]).toEqual([200, 'number', '*']);
    } finally {
      await limited.close();
    }
  }, 60_000);

  test('a GET of the request call is not allowed cross-origin', async () => {
    const res = await get(app, '/spa/submit-help-request', { origin: 'https://agency.example' });
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

test('the OpenAPI description shows the whole request body', async () => {
  const res = await get(app, '/api-docs/openapi.json');
  const doc = res.body as { paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: { data: { properties: Record<string, unknown> } } } }> } } }> };
  const schema = doc.paths['/spa/submit-help-request']?.post?.requestBody?.content['application/json']?.schema;
  expect(Object.keys(schema?.properties.data.properties ?? {})).toEqual(expect.arrayContaining(['type', 'name', 'phone', 'timezone', 'referer', 'utm_source', 'partner_id']));
});
