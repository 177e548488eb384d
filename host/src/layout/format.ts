/**
 * Layout-only rules: the messenger order and the phones of the contacts block. Prices, image sizes and the tours
 * count are the shared domain's (`formatPrice`, `sizedImage`, `roundedCountParts`), so the layout shows them
 * exactly as the cards of the microfrontends do.
 */
import type { ChatSourcesAnswer, ContactsAnswer, PhoneContact } from '@tours/shared/api';

export type Messenger = keyof ChatSourcesAnswer;

/** Messenger order of public-site §9. */
const MESSENGER_ORDER_RU: readonly Messenger[] = ['telegram', 'vk', 'ok', 'whatsapp', 'viber', 'facebook', 'instagram'];
const MESSENGER_ORDER_OTHER: readonly Messenger[] = ['facebook', 'whatsapp', 'instagram', 'viber', 'ok', 'vk', 'telegram'];

/** The messengers that have a link, in the order of §9 for this site. */
export function orderedMessengers(sources: Partial<ChatSourcesAnswer>, russianIsAvailable: boolean): { messenger: Messenger; url: string }[] {
  const order = russianIsAvailable ? MESSENGER_ORDER_RU : MESSENGER_ORDER_OTHER;
  return order.flatMap((messenger) => {
    const url = sources[messenger];
    return typeof url === 'string' && url.trim() ? [{ messenger, url }] : [];
  });
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
