/**
 * The one schema of the app configuration (public-site §3.8, issue 32). The servers check the operator's file
 * (APP_CONFIG_FILE) against it at start; the browser never loads it (superstruct stays out of first-visit code):
 * the page gets the checked configuration inlined (host/server/app.ts → appConfigAtom).
 */
import {
  array, boolean, enums, integer, max, min, number, object, pattern, record, refine, size, string, StructError, type Describe,
} from 'superstruct';
import type { AppConfig } from './app-config';

const currency = pattern(string(), /^[A-Z]{3}$/);
/** An id that is put into a counter's script address: letters, digits, '-' and '_' only. */
const metricId = pattern(string(), /^[A-Za-z0-9_-]{1,64}$/);
/** A site path ('/flags/1x1') or an http(s) address, never javascript: or data:. */
const address = pattern(string(), /^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/);
const addressOrEmpty = pattern(string(), /^(|\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/);
const flag = boolean();

/** What the file may set: everything of §3.8 but debugOrigins (the host fills it from MFE_OVERRIDE_ORIGINS). */
export type ConfigurableAppConfig = Omit<AppConfig, 'debugOrigins'>;

const Shape: Describe<ConfigurableAppConfig> = object({
  variant: enums(['base', 'china']),
  currencies: array(currency),
  defaultCurrency: currency,
  paymentSystems: array(size(string(), 1, 40)),
  cashback: object({ isActive: flag, percent: max(min(number(), 0), 100), performer: size(string(), 0, 200) }),
  uikit: object({
    defaultCountry: pattern(string(), /^[A-Z]{2}$/),
    defaultModalWidth: max(min(integer(), 200), 2000),
    colorScheme: enums(['light', 'dark']),
    countryFlagsUrl: address,
    defaultInputStyles: object({ outlined: flag, filled: flag }),
    inputViewType: enums([1, 2]),
    dropdown: object({ arrowPadding: max(min(integer(), 0), 64) }),
    accentColor: pattern(string(), /^#[0-9a-fA-F]{6}$/),
  }),
  tour: object({ shouldShowWeatherWidget: flag, shouldShowTicketQuoteWidget: flag, shouldShowCallOrganizerButton: flag, canFilterReviews: flag }),
  organizer: object({ canCall: flag, forceHideOrganizers: flag, shouldShowCallOrganizerButton: flag }),
  verificationService: object({
    name: size(string(), 0, 200), legalName: size(string(), 0, 200), link: addressOrEmpty, linkText: size(string(), 0, 200), allowMessagesAboutUnverifiedIdentity: flag,
  }),
  availableShareButtons: array(enums(['facebook', 'x', 'email', 'telegram', 'whatsapp', 'vk'])),
  webCalls: object({ canCallToOrganizer: flag, canCallToSupport: flag }),
  booking: object({ disablePayButton: flag, enableTicketsRequest: flag, isCostCalculationWithEmoji: flag }),
  touristsForm: object({ collectPassport: flag, collectWeight: flag }),
  schedule: object({ enableTimezone: flag }),
  tourEmojis: record(pattern(string(), /^[a-z][a-z0-9_]{0,39}$/), size(string(), 1, 16)),
  landingVideos: array(address),
  seoBlockImages: array(address),
  excursionsEnabled: flag,
  russianIsAvailable: flag,
  metrics: record(pattern(string(), /^[a-z][a-z0-9_]{0,39}$/), metricId),
  chineseSiteUrl: address,
}) as unknown as Describe<ConfigurableAppConfig>;

/** The default currency is one of the list (an empty list means the fallback list, §9). */
export const AppConfigSchema = refine(Shape, 'defaultCurrency', (value) =>
  value.currencies.length === 0 || value.currencies.includes(value.defaultCurrency) || `${value.defaultCurrency} is not in currencies`);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isPlainObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The operator's values over a preset: objects merge item by item, lists and values replace. */
export function mergeConfig<T>(preset: T, overrides: unknown): T {
  if (!isPlainObject(overrides) || !isPlainObject(preset)) return overrides === undefined ? preset : (overrides as T);
  const out: Record<string, unknown> = { ...(preset as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) out[key] = key in out ? mergeConfig(out[key], value) : value;
  return out as T;
}

/** Thrown when the configuration breaks the schema: one line per item, each naming it ('uikit.colorScheme: …'). */
export class AppConfigError extends Error {
  constructor(readonly source: string, readonly items: string[]) {
    super(`Invalid app configuration (${source}):\n${items.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'AppConfigError';
  }
}

/** Checks a merged configuration; throws AppConfigError naming every wrong item. */
export function checkAppConfig(value: unknown, source: string): ConfigurableAppConfig {
  const [error, checked] = AppConfigSchema.validate(value);
  if (error instanceof StructError) {
    const items = error.failures().map((f) => {
      const item = f.path.length ? f.path.join('.') : f.refinement ?? 'configuration';
      // An item the schema does not know (a typo) reads better than superstruct's 'Expected a value of type `never`'.
      return f.type === 'never' ? `${item}: unknown item` : `${item}: ${f.message}`;
    });
    throw new AppConfigError(source, [...new Set(items)]);
  }
  return checked as ConfigurableAppConfig;
}
