/** App configuration of public-site §3.8, with the base and Chinese-region values of §9. */
type CurrencyCode = string;

export interface AppConfig {
  variant: 'base' | 'china';
  currencies: CurrencyCode[];
  defaultCurrency: CurrencyCode;
  paymentSystems: string[];
  cashback: { isActive: boolean; percent: number; performer: string };
  uikit: {
    defaultCountry: string;
    defaultModalWidth: number;
    colorScheme: 'light' | 'dark';
    countryFlagsUrl: string;
    defaultInputStyles: { outlined: boolean; filled: boolean };
    inputViewType: 1 | 2;
    dropdown: { arrowPadding: number };
    accentColor: string;
  };
  tour: { shouldShowWeatherWidget: boolean; shouldShowTicketQuoteWidget: boolean; shouldShowCallOrganizerButton: boolean; canFilterReviews: boolean };
  organizer: { canCall: boolean; forceHideOrganizers: boolean; shouldShowCallOrganizerButton: boolean };
  verificationService: { name: string; legalName: string; link: string; linkText: string; allowMessagesAboutUnverifiedIdentity: boolean };
  availableShareButtons: string[];
  webCalls: { canCallToOrganizer: boolean; canCallToSupport: boolean };
  booking: { disablePayButton: boolean; enableTicketsRequest: boolean; isCostCalculationWithEmoji: boolean };
  touristsForm: { collectPassport: boolean; collectWeight: boolean };
  schedule: { enableTimezone: boolean };
  /** Emoji per tour feature key (e.g. { hot: '🔥' }); the spec names the item, not its keys. */
  tourEmojis: Record<string, string>;
  /** Video addresses for the main page. */
  landingVideos: string[];
  /** Image addresses for the SEO text block. */
  seoBlockImages: string[];
  excursionsEnabled: boolean;
  russianIsAvailable: boolean;
  metrics: Record<string, string>;
  /** Address of the Chinese sister site the Chinese-site modal suggests. */
  chineseSiteUrl: string;
  /**
   * Origins a developer may load a microfrontend from (localStorage['mfe-overrides'], the debug overlay), like
   * single-spa's import-map-deployer's allowlist: `http://localhost:9082`, or a `*` port (`http://localhost:*`).
   * Empty (production): overrides are ignored and the debug overlay does not open. The host server fills it from
   * MFE_OVERRIDE_ORIGINS.
   */
  debugOrigins: string[];
}

/** Currencies of §3.3; also the Profile settings list of accounts-and-comms §9. */
export const BASE_CURRENCIES = ['USD', 'EUR', 'RUB', 'BYN', 'KZT', 'CNY'] as const;
/** Used when the configured list is empty (§9). */
export const FALLBACK_CURRENCIES = ['RUB', 'EUR', 'USD'] as const;
export const CHINA_CURRENCIES = ['CNY', 'USD', 'EUR', 'AED', 'CAD', 'AUD', 'SGD', 'NZD', 'GBP', 'SHF', 'TRY', 'JPY', 'KRW', 'INR'] as const;

export const BASE_CONFIG: AppConfig = {
  variant: 'base',
  currencies: [...BASE_CURRENCIES],
  defaultCurrency: 'USD',
  paymentSystems: ['card'],
  cashback: { isActive: false, percent: 20, performer: '' },
  uikit: {
    defaultCountry: 'US',
    defaultModalWidth: 489,
    colorScheme: 'light',
    countryFlagsUrl: '/flags/1x1',
    defaultInputStyles: { outlined: true, filled: false },
    inputViewType: 1,
    dropdown: { arrowPadding: 18 },
    accentColor: '#e8542f',
  },
  tour: { shouldShowWeatherWidget: true, shouldShowTicketQuoteWidget: true, shouldShowCallOrganizerButton: false, canFilterReviews: true },
  organizer: { canCall: false, forceHideOrganizers: true, shouldShowCallOrganizerButton: false },
  verificationService: { name: 'Verification', legalName: 'Verification service', link: '', linkText: '', allowMessagesAboutUnverifiedIdentity: false },
  availableShareButtons: ['facebook', 'x', 'email'],
  webCalls: { canCallToOrganizer: false, canCallToSupport: true },
  booking: { disablePayButton: false, enableTicketsRequest: true, isCostCalculationWithEmoji: false },
  touristsForm: { collectPassport: false, collectWeight: false },
  schedule: { enableTimezone: false },
  tourEmojis: {},
  landingVideos: [],
  seoBlockImages: [],
  excursionsEnabled: false,
  russianIsAvailable: true,
  metrics: {},
  chineseSiteUrl: 'https://cn.example.invalid',
  debugOrigins: [],
};

export const CHINA_CONFIG: AppConfig = {
  ...BASE_CONFIG,
  variant: 'china',
  currencies: [...CHINA_CURRENCIES],
  defaultCurrency: 'CNY',
  availableShareButtons: ['email'],
  uikit: { ...BASE_CONFIG.uikit, accentColor: '#36ba5f' },
  touristsForm: { ...BASE_CONFIG.touristsForm, collectPassport: true },
  schedule: { enableTimezone: true },
};

export function appConfigFor(variant: AppConfig['variant'], overrides: Partial<Pick<AppConfig, 'russianIsAvailable' | 'debugOrigins'>> = {}): AppConfig {
  return { ...(variant === 'china' ? CHINA_CONFIG : BASE_CONFIG), ...overrides };
}

/** The currency list shown in the switcher: the configured list, else the fallback list. */
export function currencyChoices(config: AppConfig): string[] {
  return config.currencies.length ? config.currencies : [...FALLBACK_CURRENCIES];
}

/** An http(s) URL without credentials, or null. */
function webUrl(text: string): URL | null {
  try {
    const u = new URL(text.trim());
    return /^https?:$/.test(u.protocol) && !u.username && !u.password ? u : null;
  } catch {
    return null;
  }
}

/**
 * Whether a URL (an override's mf-manifest.json) is on the allowlist of origins (`debugOrigins`): same scheme, host
 * and port, default ports normalised; an entry ending in `:*` allows any port of its host. An empty list allows
 * nothing; an entry that is not an origin (a path, a bare `*`, a host wildcard) matches nothing.
 */
export function isAllowedOrigin(url: string, allowlist: readonly string[]): boolean {
  const target = webUrl(url);
  return target !== null && allowlist.some((entry) => {
    const anyPort = entry.trim().endsWith(':*');
    const o = webUrl(anyPort ? entry.trim().slice(0, -2) : entry);
    if (!o || o.href !== `${o.origin}/`) return false;
    return anyPort ? !o.port && o.protocol === target.protocol && o.hostname === target.hostname : o.origin === target.origin;
  });
}
