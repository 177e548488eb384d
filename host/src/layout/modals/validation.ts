import { validateValue, type RuleSpec } from '@tours/shared';

/** The layout's forms use the shared §5.1 rules (shared/src/domain/validation.ts). */
export type Rule = RuleSpec;
export const required: Rule = 'required';
export const email: Rule = 'email';
export const phone: Rule = 'phone';

/** The catalogue key of the first failing rule's message, or null. */
export function check(value: string, rules: readonly Rule[]): string | null {
  const failed = validateValue(value, rules);
  if (!failed) return null;
  return failed.text ? `server:${failed.text}` : failed.id;
}
