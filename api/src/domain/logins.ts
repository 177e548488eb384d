/**
 * A login as the accounts store and compare it (accounts-and-comms §3, §5): an e-mail address (lower case) or a
 * phone ('+' and its digits), and the channels a code can go through for each (§3 'Code and verification channels').
 */
import type { CodeSender } from '@tours/shared/src/api/schemas/accounts';
import { isEmail, normalPhone } from '@tours/shared/src/api/schemas/common';

export type LoginKind = 'email' | 'phone';

export interface Login {
  kind: LoginKind;
  /** 'anna@example.com' or '+79161234567'. */
  value: string;
}

export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The login of a text the schemas accepted (an e-mail address or a phone number). */
export function parseLogin(text: string): Login {
  return isEmail(text) ? { kind: 'email', value: normalEmail(text) } : { kind: 'phone', value: normalPhone(text) };
}

/**
 * The channels the server offers for a login, the default first: an e-mail gets the code by e-mail; a phone by SMS
 * or WhatsApp. The messenger channels that need a linked account (telegram, vk) are not offered.
 */
export function channelsFor(kind: LoginKind): CodeSender[] {
  return kind === 'email' ? ['email'] : ['sms', 'whatsapp'];
}

/** 'anna.petrova@example.com' → 'a***a@example.com': enough for the traveller to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const name = email.slice(0, at);
  const masked = name.length <= 2 ? `${name[0] ?? ''}***` : `${name[0]}***${name[name.length - 1]}`;
  return `${masked}${email.slice(at)}`;
}
