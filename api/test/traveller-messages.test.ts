/**
 * The texts of the traveller's booking and account messages (lib/traveller-messages.ts), every kind in every locale:
 * complete (no holes, no other locale's words), the link in the text, the HTML and the SMS, values escaped in the HTML.
 */
import { API_LOCALES, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import { cancellationOutcome } from '@tours/shared/src/domain/cancellation';
import { composeTravellerMessage, dayText, travellerMessage, type TravellerMessage } from '../src/lib/traveller-messages';

const LINK = 'https://site.example/de/arrival/0b7f7a4e-0000-4000-8000-000000000001';
const request = { id: 1234567890, name: 'Anna <Petrova>', tour: 'Baikal & the Olkhon island', start: '2025-07-01', end: '2025-07-05', time: '10:00', adults: 2, children: 1, link: LINK };
const TIERS = [{ days_from: 0, days_to: 30, percent: 25 }];

const MESSAGES: TravellerMessage[] = [
  { kind: 'request_received', facts: request },
  { kind: 'request_confirmed', facts: { ...request, agreement: 'TA-1234567890', total: 1000, currency: 'EUR', invoice: { id: 77, kind: 'prepayment', amount: 300 } } },
  { kind: 'payment_receipt', facts: { ...request, paymentId: 5, amount: 300, currency: 'EUR', paidAt: '2025-06-01T10:00:00.000Z', kind: 'prepayment', method: 'card', agreement: 'TA-1234567890', total: 1000, paidInAll: 300 } },
  { kind: 'request_cancelled', facts: { ...request, message: 'Ill', currency: 'EUR', outcome: cancellationOutcome({ paid: 300, tiers: TIERS, start: '2025-07-01', today: '2025-06-20' }), period: '0–30' } },
  { kind: 'request_cancelled', facts: { ...request, message: null, currency: 'EUR', outcome: cancellationOutcome({ paid: 0, tiers: TIERS, start: '2025-07-01', today: '2025-06-20' }), period: null } },
  { kind: 'email_changed', facts: { name: 'Anna', newAddress: 'n***w@example.com', at: '2025-06-01T10:00:00.000Z', contactsLink: 'https://site.example/contacts' } },
];

const cases = MESSAGES.flatMap((m) => API_LOCALES.map((locale) => [m.kind, locale, m] as [string, ApiLocale, TravellerMessage]));

describe.each(cases)('%s in %s', (_kind, locale, message) => {
  const email = composeTravellerMessage(message, locale, 'email');
  const sms = composeTravellerMessage(message, locale, 'sms');
  const url = message.kind === 'email_changed' ? message.facts.contactsLink : LINK;

  test('an e-mail: a one-line subject, the text with the link, the same in HTML with its language', () => {
    expect(email.subject).toMatch(/^[^\r\n]{5,200}$/);
    expect(email.text).toContain(url);
    expect(email.html).toContain(`<html lang="${{ en: 'en-GB', de: 'de-DE', ru: 'ru-RU', cn: 'zh-CN' }[locale]}">`);
    expect(email.html).toContain(`<a href="${url}">`);
    expect(email.html).toMatch(/<h1>[^<]+<\/h1>/);
    for (const text of [email.subject, email.text, email.html!, sms.text]) expect(text).not.toMatch(/\{\w+\}|undefined|NaN|\bnull\b/);
  });

  test('the traveller\'s words are text in the HTML', () => {
    if (message.kind === 'email_changed') return;
    expect(email.html).toContain('Anna &#60;Petrova&#62;');
    expect(email.html).toContain('Baikal &#38; the Olkhon island');
    expect(email.html).not.toContain('<Petrova>');
  });

  test('an SMS: the short text with the link, no subject, no HTML', () => {
    expect(sms).toEqual({ subject: '', text: expect.stringContaining(url), html: null });
    expect(sms.text.length).toBeLessThanOrEqual(300);
  });

  test('its own language: not the English words where another is asked', () => {
    if (locale === 'en') return;
    const en = travellerMessage(message, 'en');
    const doc = travellerMessage(message, locale);
    expect(doc.subject).not.toBe(en.subject);
    expect(doc.intro.filter((p) => en.intro.includes(p))).toEqual([]);
    // 'Tour' and 'Status' are German words too.
    expect(doc.facts.map(([label]) => label).filter((l) => en.facts.some(([e]) => e === l) && !['Tour', 'Status'].includes(l))).toEqual([]);
  });
});

describe('what the messages say', () => {
  test('the party in each language\'s plural forms', () => {
    const label = { en: 'Travellers', de: 'Reisende', ru: 'Путешественники', cn: '出行人' };
    const party = (locale: ApiLocale, adults: number, children: number) =>
      travellerMessage({ kind: 'request_received', facts: { ...request, adults, children } }, locale).facts.find(([l]) => l === label[locale])![1];
    expect([party('en', 1, 0), party('en', 2, 1), party('en', 3, 2)]).toEqual(['1 adult', '2 adults, 1 child', '3 adults, 2 children']);
    expect([party('de', 1, 1), party('de', 2, 3)]).toEqual(['1 Erwachsener, 1 Kind', '2 Erwachsene, 3 Kinder']);
    expect([party('ru', 1, 1), party('ru', 2, 2), party('ru', 5, 5), party('ru', 21, 0)]).toEqual(['1 взрослый, 1 ребёнок', '2 взрослых, 2 ребёнка', '5 взрослых, 5 детей', '21 взрослый']);
    expect(party('cn', 2, 1)).toBe('2位成人，1名儿童');
  });

  test('dates in the words of the locale', () => {
    expect(['en', 'de', 'ru', 'cn'].map((l) => dayText('2025-07-01', l as ApiLocale))).toEqual(['1 July 2025', '1. Juli 2025', '1 июля 2025 г.', '2025年7月1日']);
  });

  test('the cancellation names what was paid, what is retained and what is refunded; nothing paid says so', () => {
    const [paid, nothing] = MESSAGES.filter((m) => m.kind === 'request_cancelled');
    const en = composeTravellerMessage(paid!, 'en', 'email').text;
    expect(en).toContain('You paid €300. The tour’s cancellation terms retain 25% of the amount paid for a cancellation 0–30: €75 is retained and €225 will be refunded to the way you paid.');
    expect(en).toContain('Your message: “Ill”');
    expect(composeTravellerMessage(paid!, 'en', 'sms').text).toBe(`Request #1234567890 cancelled. Refund: €225. ${LINK}`);
    expect(composeTravellerMessage(nothing!, 'en', 'email').text).toContain('Nothing was paid for this booking, so nothing is charged.');
  });

  test('the confirmation asks for the prepayment with its share of the total', () => {
    const confirmed = MESSAGES.find((m) => m.kind === 'request_confirmed')!;
    expect(composeTravellerMessage(confirmed, 'en', 'email').text).toContain('please pay the prepayment of €300 (30% of €1,000); the rest is paid later.');
    // Amounts in the site's one format (public-site §9: British English for every currency but RUB, BYN, KZT).
    expect(composeTravellerMessage(confirmed, 'de', 'email').text).toContain('die Anzahlung von €300 (30 % von €1,000); der Rest wird später bezahlt.');
  });
});
