/**
 * Form validation (public-site §5.1 generic rules, §4.13 validation field modes). Pure: no React, no DOM.
 *
 * A failing rule gives a `ValidationMessage`: a catalogue key (forms.json) with its values, or the text of
 * a custom message set on the field, which overrides the rule's own message. A rule without a message of
 * its own (a custom check returning false) shows 'Incorrect value'.
 */

export type RuleName = 'required' | 'email' | 'confirmed' | 'min' | 'max' | 'min_value' | 'max_value' | 'phone' | 'url';
/** `minValue` / `maxValue` are accepted spellings of `min_value` / `max_value` (§5.1). */
export type RuleAlias = 'minValue' | 'maxValue';

/** A custom check: true passes; false fails with 'Incorrect value'; a string fails with that text. */
export type CustomRule = (value: unknown, values: Readonly<Record<string, unknown>>) => boolean | string | ValidationMessage;

export type RuleSpec =
  | RuleName
  | RuleAlias
  | { rule: RuleName | RuleAlias; param?: number | string; message?: string }
  | CustomRule;

export interface ValidationMessage {
  /** Catalogue key of the message. */
  id: string;
  values?: Record<string, string | number>;
  /** A literal text (a custom message on the field, or the server's own words); wins over `id`. */
  text?: string;
}

/** Catalogue keys (shared/src/i18n/messages/{locale}/forms.json) of the §5.1 messages. */
export const RULE_MESSAGE_IDS: Readonly<Record<RuleName, string>> = {
  required: 'forms.validation.required', // 'Required field'
  email: 'forms.validation.email', // 'Please enter a valid e-mail'
  confirmed: 'forms.validation.confirmed', // 'Do not match'
  min: 'forms.validation.min', // 'Minimum {length} characters'
  max: 'forms.validation.max', // 'Maximum {length} characters'
  min_value: 'forms.validation.minValue', // 'Minimum {min}'
  max_value: 'forms.validation.maxValue', // 'Maximum {max}'
  phone: 'forms.validation.phone', // 'Please enter a valid phone number' (validation.phone)
  url: 'forms.validation.url', // 'Incorrect url'
};
/** 'Incorrect value': a rule that fails without a message of its own. */
export const INCORRECT_VALUE_ID = 'forms.validation.incorrect';

const ALIASES: Readonly<Record<RuleAlias, RuleName>> = { minValue: 'min_value', maxValue: 'max_value' };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const URL_RE = /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?([/?#]\S*)?$/iu;
/** §5.1 phone: '+' followed by at least 9 digits (spaces, dashes and brackets between digits are ignored). */
const PHONE_RE = /^\+\d{9,}$/;

/** 'Empty, false or an empty object fails' (§5.1 required); a string of spaces is empty too. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

function lengthOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return String(value).length;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** The §5.1 phone rule on its own: '+' then at least 9 digits, given as a string; empty passes. */
export function isPhoneLike(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  if (typeof value !== 'string') return false;
  return PHONE_RE.test(value.trim().replace(/[\s()-]/g, ''));
}

/** Checks one built-in rule; true when it passes. Every rule but `required` lets an empty value pass. */
export function checkRule(rule: RuleName, value: unknown, param: number | string | undefined, values: Readonly<Record<string, unknown>>): boolean {
  if (rule === 'required') return !isEmptyValue(value);
  if (rule === 'confirmed') return value === values[String(param)];
  if (isEmptyValue(value)) return true;
  switch (rule) {
    case 'email':
      return typeof value === 'string' && EMAIL_RE.test(value.trim());
    case 'min':
      return lengthOf(value) >= Number(param);
    case 'max':
      return lengthOf(value) <= Number(param);
    case 'min_value': {
      const n = toNumber(value);
      return n !== null && n >= Number(param);
    }
    case 'max_value': {
      const n = toNumber(value);
      return n !== null && n <= Number(param);
    }
    case 'phone':
      return isPhoneLike(value);
    case 'url':
      return typeof value === 'string' && URL_RE.test(value.trim());
    default:
      return false;
  }
}

function ruleMessage(rule: RuleName, param: number | string | undefined): ValidationMessage {
  const id = RULE_MESSAGE_IDS[rule];
  if (rule === 'min' || rule === 'max') return { id, values: { length: Number(param) } };
  if (rule === 'min_value') return { id, values: { min: Number(param) } };
  if (rule === 'max_value') return { id, values: { max: Number(param) } };
  return { id };
}

export interface ValidateOptions {
  /** Every field's value (for `confirmed` and custom rules). */
  values?: Readonly<Record<string, unknown>>;
  /** A custom message set on the field: it overrides the message of whichever rule fails. */
  message?: string;
}

/** The first failing rule's message, or null when the value passes every rule. */
export function validateValue(value: unknown, rules: readonly RuleSpec[], options: ValidateOptions = {}): ValidationMessage | null {
  const values = options.values ?? {};
  for (const spec of rules) {
    let failed: ValidationMessage | null = null;
    if (typeof spec === 'function') {
      const result = spec(value, values);
      if (result === true) continue;
      failed = result === false ? { id: INCORRECT_VALUE_ID } : typeof result === 'string' ? { id: INCORRECT_VALUE_ID, text: result } : result;
    } else {
      const { rule, param, message } = typeof spec === 'string' ? { rule: spec, param: undefined, message: undefined } : spec;
      const name = (ALIASES as Record<string, RuleName>)[rule] ?? (rule as RuleName);
      if (!(name in RULE_MESSAGE_IDS)) {
        // An unknown rule fails without a message of its own.
        failed = { id: INCORRECT_VALUE_ID };
      } else {
        if (checkRule(name, value, param, values)) continue;
        failed = message ? { id: RULE_MESSAGE_IDS[name], text: message } : ruleMessage(name, param);
      }
    }
    return options.message ? { ...failed, text: options.message } : failed;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Field modes (§4.13)
// ---------------------------------------------------------------------------

export const FIELD_MODES = ['eager', 'lazy', 'aggressive', 'passive'] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
export const DEFAULT_FIELD_MODE: FieldMode = 'eager';
export type FieldTrigger = 'input' | 'blur' | 'submit';

export interface FieldEventDecision {
  /** Clear the field's error first (on blur, by default, §4.13). */
  reset: boolean;
  /** Run the field's rules now. */
  validate: boolean;
}

/**
 * What a field does on an event, by its mode (§4.13):
 * - eager (default): validates on blur, and on input once an error is shown;
 * - lazy: validates on input only while an error is shown, never on blur;
 * - aggressive: validates on every input (and on blur);
 * - passive: never on its own.
 * Every mode validates on submit. By default the error is reset before validating on blur.
 */
export function fieldEvent(mode: FieldMode, trigger: FieldTrigger, hasError: boolean, options: { resetOnBlur?: boolean } = {}): FieldEventDecision {
  let validate: boolean;
  if (trigger === 'submit') validate = true;
  else if (mode === 'passive') validate = false;
  else if (mode === 'aggressive') validate = true;
  else if (mode === 'lazy') validate = trigger === 'input' && hasError;
  else validate = trigger === 'blur' || hasError; // eager
  const reset = trigger === 'blur' && validate && (options.resetOnBlur ?? true);
  return { reset, validate };
}

export interface FieldSchema {
  rules: readonly RuleSpec[];
  mode?: FieldMode;
  /** A custom message that overrides every rule's message. */
  message?: string;
}

/**
 * Validates every field of a form; returns the failing fields' messages. A field without a name cannot show
 * its error anywhere, so it is logged (§8 'Validation field without a name') and skipped.
 */
export function validateForm(values: Readonly<Record<string, unknown>>, schema: Readonly<Record<string, FieldSchema>>, log: Pick<Console, 'error'> = console): Record<string, ValidationMessage> {
  const out: Record<string, ValidationMessage> = {};
  for (const [name, field] of Object.entries(schema)) {
    if (!name.trim()) {
      log.error('Validation field without a name');
      continue;
    }
    const message = validateValue(values[name], field.rules, { values, ...(field.message ? { message: field.message } : {}) });
    if (message) out[name] = message;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Theme colour (§8 'Invalid theme colour': colours must be #ABC, #AABBCC or r,g,b)
// ---------------------------------------------------------------------------

/** #ABC, #AABBCC or r,g,b (each 0–255) → [r, g, b]; anything else → null (rejected). */
export function parseThemeColor(value: string): [number, number, number] | null {
  const v = value.trim();
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
  if (m) return [m[1]!, m[2]!, m[3]!].map((c) => parseInt(c + c, 16)) as [number, number, number];
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(v);
  if (m) return [m[1]!, m[2]!, m[3]!].map((c) => parseInt(c, 16)) as [number, number, number];
  m = /^(\d{1,3}) *, *(\d{1,3}) *, *(\d{1,3})$/.exec(v);
  if (m) {
    const rgb = [m[1]!, m[2]!, m[3]!].map(Number) as [number, number, number];
    if (rgb.every((c) => c <= 255)) return rgb;
  }
  return null;
}
