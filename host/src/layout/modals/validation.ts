/** Generic rules of public-site §5.1, returning the catalogue key of the message or null. */
export type Rule = (value: string) => string | null;

export const required: Rule = (v) => (v.trim() ? null : 'layout.form.required');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** An empty value passes; pair with `required`. */
export const email: Rule = (v) => (!v.trim() || EMAIL.test(v.trim()) ? null : 'layout.form.invalidEmail');

/** '+' followed by at least 9 digits (spaces, dashes and brackets allowed between them); at most 18 characters. */
export const phone: Rule = (v) => {
  if (!v.trim()) return null;
  const compact = v.replace(/[\s()-]/g, '');
  return v.trim().length <= 18 && /^\+\d{9,}$/.test(compact) ? null : 'layout.form.invalidPhone';
};

export function check(value: string, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
