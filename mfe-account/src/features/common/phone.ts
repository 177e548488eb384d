/** The phone input's values as the account calls take them (accounts-and-comms §5, public-site §5.2). */

/**
 * A phone field holding nothing but a country code ('+', '+7', '+49', '+358': calling codes have 1–3 digits) is
 * empty: the phone input writes the selected country's code into an empty field. Anything typed after the code
 * ('+7 9') is a number, checked by the phone rule.
 */
export function isBlankPhone(value: string): boolean {
  return /^\+?\d{0,3}$/.test(value.trim());
}

/** A phone as the calls take it: '+' and its digits (spaces, dashes and brackets dropped); '' when there are none. */
export function phoneNumberOf(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}
