/**
 * The one-time code input (accounts-and-comms §5 'Code input', public-site §5.3): digits only, default length 5;
 * a paste is accepted only when it is exactly that many digits.
 */
import { AUTH_CODE_LENGTH } from '@tours/shared/api';

/** What typing leaves in the field: its digits, at most `length` of them. */
export function typedCode(raw: string, length: number = AUTH_CODE_LENGTH): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/**
 * A pasted text as the code, or null when the paste is refused: exactly `length` digits (the white space a copy
 * picks up around it is ignored), nothing else.
 */
export function pastedCode(text: string, length: number = AUTH_CODE_LENGTH): string | null {
  const t = text.trim();
  return new RegExp(`^\\d{${length}}$`).test(t) ? t : null;
}
