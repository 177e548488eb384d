import { orderedMessengers, shownPhones } from './format';
import { fixtures } from './test-utils';
import type { ContactsAnswer } from '@tours/shared/api';

const contacts = (phones: ContactsAnswer['phones'], phoneMain = { phone: '', formatted_phone: '' }): ContactsAnswer => ({
  email: '', phones, has_other_phones: false, phoneMain, country: null,
});
const phone = (type: 'main' | 'additional', number: string, local = false) => ({
  type, entity: local ? { id: 1, kind: 'country' as const } : null, phone: number, formatted_phone: `f${number}`, text: `${type}${local ? '-local' : ''}`,
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
