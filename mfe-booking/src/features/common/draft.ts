/**
 * What a booking form keeps on this device until its request is stored (issue 14 'Never lose a request'): the values
 * typed, and the idempotency key of its submit, made on the first submit and sent with every resend (a double click,
 * a retry after a timeout, a reload and resend), so the API stores one request. Cleared on success.
 *
 * Device storage (localStorage), so a closed tab keeps it too; blocked storage only loses the keeping.
 */

/** Storage name of a form's draft: `booking-draft:{form}:{scope}` (e.g. the order of tour 1001). */
export const draftKey = (form: string, scope: string | number) => `booking-draft:${form}:${scope}`;

export interface Draft<V> {
  values: V;
  /** The phone's country (ISO alpha-2). */
  country?: string;
  /** The idempotency key of the submit, once the form was first submitted. */
  idempotencyKey?: string;
}

export function readDraft<V extends object>(key: string, defaults: V): Draft<V> | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Draft<Partial<V>>> | null;
    if (!parsed || typeof parsed !== 'object' || !parsed.values || typeof parsed.values !== 'object') return null;
    // Only the fields the form knows, each of the type of its default: an old or edited draft cannot break the form.
    const values = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof V)[]) {
      const v = parsed.values[name];
      if (v !== undefined && typeof v === typeof defaults[name]) values[name] = v as V[keyof V];
    }
    return {
      values,
      ...(typeof parsed.country === 'string' ? { country: parsed.country } : {}),
      ...(typeof parsed.idempotencyKey === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(parsed.idempotencyKey) ? { idempotencyKey: parsed.idempotencyKey } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft<V>(key: string, draft: Draft<V>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the form still works, without keeping */
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* storage blocked */
  }
}

/** A new idempotency key: a random UUID (crypto), or 128 random bits in hex where randomUUID is missing. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
