import type { ChatSourcesAnswer, ContactsAnswer, PhoneContact } from '@tours/shared';

export type Messenger = keyof ChatSourcesAnswer;

/** Messenger order of public-site §9. */
export const MESSENGER_ORDER_RU: readonly Messenger[] = ['telegram', 'vk', 'ok', 'whatsapp', 'viber', 'facebook', 'instagram'];
export const MESSENGER_ORDER_OTHER: readonly Messenger[] = ['facebook', 'whatsapp', 'instagram', 'viber', 'ok', 'vk', 'telegram'];

/** The messengers that have a link, in the order of §9 for this site. */
export function orderedMessengers(sources: Partial<ChatSourcesAnswer>, russianIsAvailable: boolean): { messenger: Messenger; url: string }[] {
  const order = russianIsAvailable ? MESSENGER_ORDER_RU : MESSENGER_ORDER_OTHER;
  return order.flatMap((messenger) => {
    const url = sources[messenger];
    return typeof url === 'string' && url.trim() ? [{ messenger, url }] : [];
  });
}

/** Total tours rounded down to 100 and shown with '+' (§1, §9). Below 100 the exact count, without '+'. */
export function roundedToursCount(total: number): { count: number; plus: boolean } {
  if (total >= 100) return { count: Math.floor(total / 100) * 100, plus: true };
  return { count: Math.max(0, total), plus: false };
}

export interface ShownPhone { phone: string; formatted: string; caption: string }

function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The local phone (tied to a country or city) of a type, else the global one (§2.3). */
function preferLocal(phones: readonly PhoneContact[], type: PhoneContact['type']): PhoneContact | undefined {
  const ofType = phones.filter((p) => p.type === type && p.phone.trim());
  return ofType.find((p) => p.entity !== null) ?? ofType.find((p) => p.entity === null);
}

/**
 * Phones of the phone contacts block (§2.3): the additional phone, then the main phone, each local when
 * a local one exists. The main phone is left out when it is the same number as the additional one.
 * Without a main phone in the list the site's main phone (phoneMain) stands in.
 */
export function shownPhones(contacts: ContactsAnswer | null): ShownPhone[] {
  if (!contacts) return [];
  const out: ShownPhone[] = [];
  const additional = preferLocal(contacts.phones, 'additional');
  if (additional) out.push({ phone: additional.phone, formatted: additional.formatted_phone, caption: additional.text });
  const mainContact = preferLocal(contacts.phones, 'main');
  const main: ShownPhone | null = mainContact
    ? { phone: mainContact.phone, formatted: mainContact.formatted_phone, caption: mainContact.text }
    : contacts.phoneMain.phone.trim()
      ? { phone: contacts.phoneMain.phone, formatted: contacts.phoneMain.formatted_phone, caption: '' }
      : null;
  if (main && (!additional || digits(main.phone) !== digits(additional.phone))) out.push(main);
  return out;
}

/** The one number to show where there is room for one (footer, error page): the main one, else the first. */
export function primaryPhone(contacts: ContactsAnswer | null): ShownPhone | null {
  const phones = shownPhones(contacts);
  return phones[phones.length - 1] ?? null;
}

const RU_STYLE = new Set(['RUB', 'BYN', 'KZT']);

/** Prices of §9: RUB, BYN and KZT in Russian style, others in British English; no fraction digits. */
export function formatPrice(amount: number, currency: string): string {
  const locale = RU_STYLE.has(currency) ? 'ru-RU' : 'en-GB';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(amount);
  } catch {
    return `${Math.round(amount)} ${currency}`;
  }
}

/** Media URLs carry a '{{size}}' segment (§3.6): replaced by a size, or dropped with its slash. */
export function imageUrl(url: string, size?: string): string {
  return size ? url.replace('{{size}}', size) : url.replace(/\/?\{\{size\}\}/, '');
}
