import { formatPrice, imageUrl, orderedMessengers, roundedToursCount, shownPhones } from './format';
import { fixtures } from './test-utils';
import type { ContactsAnswer } from '@tours/shared';

const contacts = (phones: ContactsAnswer['phones'], phoneMain = { phone: '', formatted_phone: '' }): ContactsAnswer => ({
  email: '', phones, has_other_phones: false, phoneMain, country: null,
});
const phone = (type: 'main' | 'additional', number: string, local = false) => ({
  type, entity: local ? { id: 1, kind: 'country' as const } : null, phone: number, formatted_phone: `f${number}`, text: `${type}${local ? '-local' : ''}`,
});

describe('tours count', () => {
  it('rounds down to 100 and adds +', () => {
    expect(roundedToursCount(12345)).toEqual({ count: 12300, plus: true });
    expect(roundedToursCount(100)).toEqual({ count: 100, plus: true });
  });
  it('shows small counts exactly', () => {
    expect(roundedToursCount(57)).toEqual({ count: 57, plus: false });
  });
});

describe('phones of the contacts block', () => {
  it('shows the additional phone, then the main one', () => {
    expect(shownPhones(contacts([phone('main', '+100'), phone('additional', '+200')])).map((p) => p.phone)).toEqual(['+200', '+100']);
  });
  it('leaves the main phone out when it is the additional number', () => {
    expect(shownPhones(contacts([phone('main', '+7 495 111'), phone('additional', '+7495111')])).map((p) => p.phone)).toEqual(['+7495111']);
  });
  it('prefers a local phone over the global one', () => {
    const list = [phone('additional', '+200'), phone('additional', '+201', true), phone('main', '+100'), phone('main', '+101', true)];
    expect(shownPhones(contacts(list)).map((p) => p.caption)).toEqual(['additional-local', 'main-local']);
  });
  it('falls back to the site main phone', () => {
    expect(shownPhones(contacts([], { phone: '+300', formatted_phone: '+3 00' }))).toEqual([{ phone: '+300', formatted: '+3 00', caption: '' }]);
  });
  it('shows nothing without contacts', () => {
    expect(shownPhones(null)).toEqual([]);
  });
});

describe('messenger order (§9)', () => {
  it('puts telegram first when Russian is available', () => {
    expect(orderedMessengers(fixtures.chatSources, true).map((m) => m.messenger)).toEqual(['telegram', 'vk', 'whatsapp', 'facebook', 'instagram']);
  });
  it('puts facebook first otherwise', () => {
    expect(orderedMessengers(fixtures.chatSources, false).map((m) => m.messenger)).toEqual(['facebook', 'whatsapp', 'instagram', 'vk', 'telegram']);
  });
});

describe('prices and images', () => {
  it('formats RUB the Russian way and others the British way, without fractions', () => {
    expect(formatPrice(12500.4, 'RUB').replace(/\s/g, ' ')).toBe('12 500 ₽');
    expect(formatPrice(1250.6, 'USD')).toBe('US$1,251');
    expect(formatPrice(99, 'EUR')).toBe('€99');
  });
  it('fills or drops the size segment', () => {
    expect(imageUrl('/media/1/{{size}}/a.jpg', '400x400')).toBe('/media/1/400x400/a.jpg');
    expect(imageUrl('/media/1/{{size}}/a.jpg')).toBe('/media/1/a.jpg');
  });
});
