import { is } from 'superstruct';
import { ProgrammeByEmailBody, ProgrammeByWhatsappBody, SubscribeProgrammeBody } from '@tours/shared/src/api/schemas/programme';
import {
  EMPTY_PROGRAMME, channelOf, needsEmail, needsPhone, normaliseValues, onlyRequestRefused, programmeRequest, requestIdOf, sentMessage, subscriberIdOf,
  subscriptionOf, withoutRequest, type Channel, type ProgrammeContext, type ProgrammeValues,
} from './programme';

const ctx: ProgrammeContext = { tourId: 1001, currency: 'EUR', phone: '+79165554433', lastRequestId: null, subscriberId: null };
const v = (over: Partial<ProgrammeValues>): ProgrammeValues => ({ ...EMPTY_PROGRAMME, email: 'anna@example.com', ...over });

describe('the channel and the fields it needs (§2.7 PDF request, site setting send_tour_program_in_pdf_via_whatsapp)', () => {
  test.each<[string, Channel, boolean, boolean, Channel, boolean, boolean]>([
    // name, chosen, subscribe, WhatsApp allowed → channel, e-mail needed, phone needed
    ['e-mail', 'email', false, true, 'email', true, false],
    ['e-mail, subscribing', 'email', true, true, 'email', true, false],
    ['WhatsApp', 'whatsapp', false, true, 'whatsapp', false, true],
    ['WhatsApp, subscribing: the e-mail too', 'whatsapp', true, true, 'whatsapp', true, true],
    ['WhatsApp remembered but not allowed: e-mail', 'whatsapp', false, false, 'email', true, false],
    ['WhatsApp not allowed, subscribing', 'whatsapp', true, false, 'email', true, false],
  ])('%s', (_name, chosen, subscribe, allowed, channel, email, phone) => {
    const values = v({ channel: chosen, subscribe });
    expect([channelOf(values, allowed), needsEmail(values, allowed), needsPhone(values, allowed)]).toEqual([channel, email, phone]);
  });

  test('a draft cannot bring an unknown channel', () => {
    expect(normaliseValues(v({ channel: 'sms' as Channel })).channel).toBe('email');
    expect(normaliseValues(v({ channel: 'whatsapp' })).channel).toBe('whatsapp');
  });
});

describe('cookies the calls take', () => {
  test.each([
    ['701', 701], [' 42 ', 42], ['0', undefined], ['-5', undefined], ['1e3', undefined], ['abc', undefined], ['', undefined], [null, undefined], ['99999999999', undefined],
  ])('last_request_id %p → %p', (cookie, expected) => {
    expect(requestIdOf(cookie)).toBe(expected);
  });
  test.each([
    ['sub-1', 'sub-1'], ['a.b:c_d', 'a.b:c_d'], ['<script>', undefined], ['x'.repeat(65), undefined], ['', undefined], [null, undefined],
  ])('subscriber_id %p → %p', (cookie, expected) => {
    expect(subscriberIdOf(cookie)).toBe(expected);
  });
});

describe('the bodies of the calls (§7.3), each accepted by the API schema', () => {
  test.each<[string, ProgrammeValues, Partial<ProgrammeContext>, boolean, unknown]>([
    ['by e-mail: the trimmed e-mail, the tour and the currency', v({ email: ' anna@example.com ' }), {}, true, { channel: 'email', body: { email: 'anna@example.com', tour_id: 1001, currency: 'EUR' } }],
    ['by e-mail while WhatsApp is remembered but off', v({ channel: 'whatsapp' }), {}, false, { channel: 'email', body: { email: 'anna@example.com', tour_id: 1001, currency: 'EUR' } }],
    ['by WhatsApp: the number; a hidden e-mail is not sent', v({ channel: 'whatsapp' }), {}, true, { channel: 'whatsapp', body: { phone: '+79165554433', tour_id: 1001, currency: 'EUR' } }],
    ['by WhatsApp with the subscription: the e-mail too', v({ channel: 'whatsapp', subscribe: true }), {}, true, { channel: 'whatsapp', body: { phone: '+79165554433', tour_id: 1001, currency: 'EUR', email: 'anna@example.com' } }],
    ['by WhatsApp for the last request', v({ channel: 'whatsapp' }), { lastRequestId: '701' }, true, { channel: 'whatsapp', body: { phone: '+79165554433', tour_id: 1001, currency: 'EUR', request_id: 701 } }],
    ['a malformed last request cookie is left out', v({ channel: 'whatsapp' }), { lastRequestId: 'x1' }, true, { channel: 'whatsapp', body: { phone: '+79165554433', tour_id: 1001, currency: 'EUR' } }],
  ])('%s', (_name, values, over, allowed, expected) => {
    const request = programmeRequest(values, { ...ctx, ...over }, allowed);
    expect(request).toEqual(expected);
    expect(request.channel === 'email' ? is(request.body, ProgrammeByEmailBody) : is(request.body, ProgrammeByWhatsappBody)).toBe(true);
  });

  test.each<[string, ProgrammeValues, string | null, unknown]>([
    ['not asked for', v({}), null, null],
    ['asked for', v({ subscribe: true, email: ' anna@example.com ' }), null, { email: 'anna@example.com', tour_id: 1001, currency: 'EUR' }],
    ['with the subscriber id', v({ subscribe: true }), 'sub-1', { email: 'anna@example.com', tour_id: 1001, currency: 'EUR', subscriber_id: 'sub-1' }],
    ['a malformed subscriber id is left out', v({ subscribe: true }), '<b>', { email: 'anna@example.com', tour_id: 1001, currency: 'EUR' }],
    ['no e-mail, no subscription', v({ subscribe: true, email: '  ' }), null, null],
  ])('the subscription: %s', (_name, values, subscriberId, expected) => {
    const body = subscriptionOf(values, { ...ctx, subscriberId });
    expect(body).toEqual(expected);
    if (body) expect(is(body, SubscribeProgrammeBody)).toBe(true);
  });

  test('a stale last request: the same message without it', () => {
    expect(withoutRequest({ phone: '+79165554433', tour_id: 1001, currency: 'EUR', request_id: 7 })).toEqual({ phone: '+79165554433', tour_id: 1001, currency: 'EUR' });
    expect(onlyRequestRefused({ request_id: 'Incorrect value' })).toBe(true);
    expect(onlyRequestRefused({ request_id: 'Incorrect value', phone: 'Required field' })).toBe(false);
    expect(onlyRequestRefused({})).toBe(false);
  });
});

describe('the success alert (§4.5)', () => {
  test.each([
    [{ channel: 'email' as const, email: 'anna@example.com' }, { titleId: 'programme.sent.emailTitle', textId: 'programme.sent.emailText', values: { email: 'anna@example.com' } }],
    [{ channel: 'whatsapp' as const, phone: '+79165554433' }, { titleId: 'programme.sent.whatsappTitle', textId: 'programme.sent.whatsappText', values: { phone: '+79165554433' } }],
  ])('%p', (sent, expected) => {
    expect(sentMessage(sent)).toEqual(expected);
  });
});
