import { botHandle, messengerTabs } from './MessengerTabs';
import { clearDraft, newIdempotencyKey, readDraft, writeDraft } from './draft';

const defaults = { name: '', adults: 1, agree: false };

describe('drafts kept on the device', () => {
  beforeEach(() => localStorage.clear());
  test.each<[string, string | null, unknown]>([
    ['nothing stored', null, null],
    ['not JSON', '{oops', null],
    ['no values', '{"country":"RU"}', null],
    ['only known fields of the right type; a bad key dropped', '{"values":{"name":"Ivan","adults":"3","x":1},"country":"RU","idempotencyKey":"bad key"}', { values: { name: 'Ivan', adults: 1, agree: false }, country: 'RU' }],
    ['a whole draft', '{"values":{"name":"Ivan","adults":2,"agree":true},"idempotencyKey":"0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10"}', { values: { name: 'Ivan', adults: 2, agree: true }, idempotencyKey: '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10' }],
  ])('%s', (_name, raw, expected) => {
    if (raw !== null) localStorage.setItem('k', raw);
    expect(readDraft('k', defaults)).toEqual(expected);
  });
  test('write, read, clear; keys are random and valid', () => {
    writeDraft('k', { values: { ...defaults, name: 'A' } });
    expect(readDraft('k', defaults)?.values.name).toBe('A');
    clearDraft('k');
    expect(readDraft('k', defaults)).toBeNull();
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

test.each([
  ['https://t.me/tours_bot?start=1', '@tours_bot'],
  ['https://telegram.me/tours_bot', '@tours_bot'],
  ['https://wa.me/7800', null],
])('botHandle(%p) = %p', (url, handle) => expect(botHandle(url)).toBe(handle));

test('messenger tabs: only those with a link, WhatsApp first', () => {
  expect(messengerTabs({ telegram: 'https://t.me/x_bot', whatsapp: '' }).map((t) => t.messenger)).toEqual(['telegram']);
  expect(messengerTabs({ telegram: 'https://t.me/x_bot', whatsapp: 'https://wa.me/1' }).map((t) => t.messenger)).toEqual(['whatsapp', 'telegram']);
  expect(messengerTabs({ telegram: 'javascript:alert(1)' })).toEqual([]);
  expect(messengerTabs(null)).toEqual([]);
});
