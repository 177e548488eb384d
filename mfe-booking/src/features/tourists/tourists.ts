/**
 * The add-tourists page's rules as pure functions (public-site §3.7 'Tourist (blank template)', §3.8 touristsForm,
 * §5.1, §5.8, §7.4 update-tourists): the template applied to a new tourist, which fields a card shows, how many
 * tourists the list may hold, the checks of each card, the body of POST /crm/api/request/update-tourists, and the
 * server's per-tourist field errors (`tourists.{index}.{field}`) mapped back onto the cards.
 */
import { type Tourist, type TouristsInfoAnswer } from '@tours/shared/api';
import { MAX_PARTY, isBlankPhone } from '@tours/shared/domain';

/** The text fields of a tourist (§3.7), and weight (§3.8 collectWeight). */
const TEXT_FIELDS = ['full_name', 'last_name', 'first_name', 'middle_name', 'birthday', 'phone', 'email', 'passport', 'food_restriction'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type TouristField = TextField | 'weight';

/** A tourist as the form holds it (and as the draft keeps it). */
export interface TouristValues {
  /** The card's own key (React key, errors, focus); never sent. */
  key: string;
  /** A stored tourist's id: update-tourists changes it; none adds one. */
  id?: number;
  full_name: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  /** yyyy-MM-dd. */
  birthday: string;
  /** As typed; normalised to '+digits' when sent. */
  phone: string;
  email: string;
  passport: string;
  food_restriction: string;
  /** Kilograms as typed ('' = none). */
  weight: string;
  /** The phone's country (ISO alpha-2). */
  country: string;
  can_edit: boolean;
  can_delete: boolean;
}

export type Template = Partial<Record<string, string | boolean>>;
export interface TouristsFormConfig {
  collectPassport: boolean;
  collectWeight: boolean;
}

/** A message of the catalogue (or the server's own words in `text`), as the kit's `errorText` shows it. */
export interface Message {
  id: string;
  values?: Record<string, string | number>;
  text?: string;
}

/** Per card key: per field (or 'card' for the tourist as a whole) a message. */
export type TouristErrors = Record<string, Partial<Record<TouristField | 'card', Message>>>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A new tourist: the template's defaults (§3.7: strings empty, can_edit / can_delete true unless it says otherwise). */
export function blankTourist(template: Template, key: string, country: string): TouristValues {
  return {
    key,
    full_name: str(template.full_name), last_name: str(template.last_name), first_name: str(template.first_name), middle_name: str(template.middle_name),
    birthday: str(template.birthday), phone: str(template.phone), email: str(template.email), passport: str(template.passport),
    food_restriction: str(template.food_restriction), weight: '', country,
    can_edit: template.can_edit !== false, can_delete: template.can_delete !== false,
  };
}

/** A stored tourist as the form holds it; editable only while the request is (`editable`) and the tourist says so. */
export function storedTourist(t: Tourist, key: string, country: string, editable: boolean): TouristValues {
  return {
    key, id: t.id,
    full_name: t.full_name, last_name: t.last_name, first_name: t.first_name, middle_name: t.middle_name, birthday: t.birthday,
    phone: t.phone, email: t.email, passport: t.passport, food_restriction: t.food_restriction,
    weight: t.weight === null ? '' : String(t.weight), country,
    can_edit: editable && t.can_edit, can_delete: editable && t.can_delete,
  };
}

/**
 * The name fields of a card: the template's first / last (/ middle) name when it has them, else its full name. A
 * tourist stored with a full name only keeps showing it (nothing stored is hidden from the traveller).
 */
export function nameFields(template: Template, tourist?: Pick<TouristValues, 'full_name' | 'first_name' | 'last_name'>): TextField[] {
  const split = 'first_name' in template && 'last_name' in template;
  if (!split || (tourist && tourist.full_name.trim() && !tourist.first_name.trim() && !tourist.last_name.trim())) return ['full_name'];
  return 'middle_name' in template ? ['last_name', 'first_name', 'middle_name'] : ['last_name', 'first_name'];
}

/** Every field a card shows, in order: names, birthday, phone, e-mail, passport and weight when collected, food restriction. */
export function visibleFields(template: Template, config: TouristsFormConfig, tourist?: TouristValues): TouristField[] {
  const out: TouristField[] = [...nameFields(template, tourist)];
  for (const f of ['birthday', 'phone', 'email'] as const) if (f in template) out.push(f);
  if (config.collectPassport) out.push('passport');
  if (config.collectWeight) out.push('weight');
  if ('food_restriction' in template) out.push('food_restriction');
  return out;
}

/**
 * How many tourists the list may hold: the request's party (adults + children, at least 1), never more than the API
 * takes (`max_tourists`, MAX_PARTY), and never fewer than already listed (a list stored longer stays whole).
 */
export function touristLimit(info: Pick<TouristsInfoAnswer, 'adults' | 'children' | 'max_tourists'>, listed: number): number {
  const cap = Math.min(info.max_tourists > 0 ? info.max_tourists : MAX_PARTY, MAX_PARTY);
  const party = Math.max(1, info.adults + info.children);
  return Math.max(Math.min(party, cap), Math.min(listed, cap));
}

/** The first cards: the stored tourists, or one blank tourist per member of the party (at least one) while the request is open. */
export function initialTourists(info: TouristsInfoAnswer, country: string, newKey: () => string): TouristValues[] {
  if (info.tourists.length || !info.can_edit) return info.tourists.map((t) => storedTourist(t, newKey(), country, info.can_edit));
  const count = touristLimit(info, 0);
  return Array.from({ length: count }, () => blankTourist(info.template, newKey(), country));
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MAX_LENGTH: Readonly<Record<TextField, number>> = {
  full_name: 200, last_name: 100, first_name: 100, middle_name: 100, birthday: 10, phone: 18, email: 254, passport: 50, food_restriction: 500,
};

export interface CheckContext {
  /** yyyy-MM-dd of today: a birthday is not later. */
  today: string;
  /** The phone as sent ('+digits'), for the §5.1 phone rule. */
  phoneToSend: (typed: string, country: string) => string;
}

/** The earliest birthday the API takes. */
export const BIRTHDAY_MIN = '1900-01-01';

/**
 * One card's checks (§5.1): a name (the full name, or first and last name); the lengths the API takes; a birthday
 * that is a real date from 1900 to today; a valid e-mail and phone when given; a weight of 1–400 kg when collected.
 * A tourist the traveller may not edit is not checked (it is sent as stored).
 */
export function checkTourist(t: TouristValues, fields: readonly TouristField[], ctx: CheckContext): Partial<Record<TouristField, Message>> {
  const out: Partial<Record<TouristField, Message>> = {};
  if (!t.can_edit) return out;
  for (const f of fields) {
    if (f === 'weight') {
      const w = t.weight.trim();
      if (w && !/^\d{1,3}$/.test(w)) out.weight = { id: 'forms.validation.incorrect' };
      else if (w && Number(w) < 1) out.weight = { id: 'forms.validation.minValue', values: { min: 1 } };
      else if (w && Number(w) > 400) out.weight = { id: 'forms.validation.maxValue', values: { max: 400 } };
      continue;
    }
    const v = t[f].trim();
    if ((f === 'full_name' || f === 'first_name' || f === 'last_name') && !v) {
      out[f] = { id: 'forms.validation.required' };
      continue;
    }
    if (f === 'phone') {
      if (!isBlankPhone(v) && !/^\+\d{9,}$/.test(ctx.phoneToSend(v, t.country))) out.phone = { id: 'forms.validation.phone' };
      continue;
    }
    if (v.length > MAX_LENGTH[f]) out[f] = { id: 'forms.validation.max', values: { length: MAX_LENGTH[f] } };
    else if (f === 'email' && v && !EMAIL_RE.test(v)) out.email = { id: 'forms.validation.email' };
    else if (f === 'birthday' && v) {
      const real = /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
      if (!real) out.birthday = { id: 'forms.validation.incorrect' };
      else if (v > ctx.today) out.birthday = { id: 'booking.tourists.birthdayFuture' };
      else if (v < BIRTHDAY_MIN) out.birthday = { id: 'booking.tourists.birthdayTooEarly' };
    }
  }
  return out;
}

/** Every card's checks; only cards with a problem appear. */
export function checkTourists(list: readonly TouristValues[], fieldsOf: (t: TouristValues) => readonly TouristField[], ctx: CheckContext): TouristErrors {
  const out: TouristErrors = {};
  for (const t of list) {
    const e = checkTourist(t, fieldsOf(t), ctx);
    if (Object.keys(e).length) out[t.key] = e;
  }
  return out;
}

/** An item of the body: `TouristInput` of shared's schema. */
export interface TouristItem {
  id?: number;
  full_name?: string;
  first_name?: string;
  last_name?: string;
  middle_name?: string;
  birthday?: string;
  passport?: string;
  email?: string;
  phone?: string;
  food_restriction?: string;
  weight?: number;
}

/**
 * The body of update-tourists: the whole list in the cards' order (a stored tourist with its id, a new one without;
 * the stored ones removed are left out). Every field the card holds is sent — the ones not shown too (a passport
 * stored before collectPassport was turned off), since a field left out is stored empty. Text is trimmed, empty
 * fields are left out, the phone goes as '+digits' (a field holding only a country code is empty).
 */
export function touristsBody(list: readonly TouristValues[], phone: (typed: string, country: string) => string): { tourists: TouristItem[] } {
  return {
    tourists: list.map((t) => {
      const item: TouristItem = t.id !== undefined ? { id: t.id } : {};
      for (const f of TEXT_FIELDS) {
        const v = f === 'phone' ? (isBlankPhone(t.phone) ? '' : phone(t.phone, t.country)) : t[f].trim();
        if (v) item[f] = v;
      }
      const w = t.weight.trim();
      if (/^\d{1,3}$/.test(w) && Number(w) >= 1) item.weight = Number(w);
      return item;
    }),
  };
}

/** Field names the API may key a tourist's error by, and the card field that shows each. */
const SERVER_FIELD: Readonly<Record<string, TouristField | 'card'>> = {
  full_name: 'full_name', first_name: 'first_name', last_name: 'last_name', middle_name: 'middle_name', birthday: 'birthday', passport: 'passport',
  email: 'email', phone: 'phone', food_restriction: 'food_restriction', weight: 'weight', id: 'card',
};

/**
 * The server's field errors (§5.8) on the cards: `tourists.{index}.{field}` (0-based, the list as sent; also
 * `tourists[1].birthday` and a `data.` prefix) goes to that card's field — a field the card does not show, or an
 * unknown one, to the card as a whole; anything else (`tourists`: the list) is general. The first message wins.
 */
export function serverTouristErrors(fieldErrors: Readonly<Record<string, string>>, sent: readonly Pick<TouristValues, 'key'>[], shown: (key: string) => readonly TouristField[]): { tourists: TouristErrors; general: string[] } {
  const tourists: TouristErrors = {};
  const general: string[] = [];
  for (const [raw, text] of Object.entries(fieldErrors)) {
    const m = /^(?:data\.)?tourists(?:\.(\d+)|\[(\d+)\])(?:\.(.+))?$/.exec(raw);
    const card = m ? sent[Number(m[1] ?? m[2])] : undefined;
    if (!card) {
      general.push(text);
      continue;
    }
    const name = m![3] ?? '';
    const mapped = SERVER_FIELD[name];
    const field: TouristField | 'card' = mapped && (mapped === 'card' || shown(card.key).includes(mapped)) ? mapped : 'card';
    const errors = (tourists[card.key] ??= {});
    if (errors[field] === undefined) errors[field] = { id: 'forms.validation.incorrect', text };
  }
  return { tourists, general };
}

/** The key of the first card with an error and its first field with one, in the cards' and fields' order. */
export function firstError(list: readonly TouristValues[], errors: TouristErrors, fieldsOf: (t: TouristValues) => readonly TouristField[]): { key: string; field: TouristField | 'card' } | null {
  for (const t of list) {
    const e = errors[t.key];
    if (!e) continue;
    if (e.card) return { key: t.key, field: 'card' };
    const field = fieldsOf(t).find((f) => e[f]);
    if (field) return { key: t.key, field };
  }
  return null;
}

/**
 * The draft's list, checked item by item: only objects, each field of the right type (an old or edited draft
 * cannot break the form). A stored tourist's id that the server no longer lists makes it a new one (what was typed
 * is kept); a stored tourist the traveller may not edit comes as stored.
 */
export function touristsFromDraft(raw: unknown, stored: readonly TouristValues[], newKey: () => string, defaultCountry: string): TouristValues[] | null {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_PARTY) return null;
  const byId = new Map(stored.filter((t) => t.id !== undefined).map((t) => [t.id!, t]));
  const out: TouristValues[] = [];
  const seen = new Set<number>();
  for (const item of raw) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
    const o = item as Record<string, unknown>;
    const id = typeof o.id === 'number' && byId.has(o.id) && !seen.has(o.id) ? o.id : undefined;
    const base = id !== undefined ? byId.get(id)! : null;
    if (id !== undefined) seen.add(id);
    if (base && !base.can_edit) {
      out.push({ ...base, key: newKey() });
      continue;
    }
    const t: TouristValues = {
      key: newKey(),
      ...(id !== undefined ? { id } : {}),
      full_name: str(o.full_name), last_name: str(o.last_name), first_name: str(o.first_name), middle_name: str(o.middle_name), birthday: str(o.birthday),
      phone: str(o.phone), email: str(o.email), passport: str(o.passport), food_restriction: str(o.food_restriction), weight: str(o.weight),
      country: typeof o.country === 'string' && /^[A-Z]{2}$/.test(o.country) ? o.country : defaultCountry,
      can_edit: base ? base.can_edit : true,
      can_delete: base ? base.can_delete : true,
    };
    out.push(t);
  }
  // A stored tourist the traveller may not remove stays, whatever the draft says.
  for (const t of stored) if (t.id !== undefined && !seen.has(t.id) && !t.can_delete) out.push({ ...t, key: newKey() });
  return out.length ? out : null;
}
