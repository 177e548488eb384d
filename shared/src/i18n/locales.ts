/** Locales of public-site §1. cn is the default and carries no URL prefix; ru exists only behind russianIsAvailable. */
export const LOCALES = ['cn', 'en', 'de', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

export interface LocaleInfo {
  code: Locale;
  /** BCP 47 tag for Intl and the X-Language header. */
  iso: string;
  /** Name of the language in itself, for the switcher. */
  nativeName: string;
  /** X-Localization id sent with every call. */
  localizationId: number;
  dir: 'ltr' | 'rtl';
  /** The maps provider has no Chinese: cn falls back to en (public-site §7.2). */
  mapLanguage: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  cn: { code: 'cn', iso: 'zh-CN', nativeName: '中文', localizationId: 12, dir: 'ltr', mapLanguage: 'en_US' },
  en: { code: 'en', iso: 'en-US', nativeName: 'English', localizationId: 1, dir: 'ltr', mapLanguage: 'en_US' },
  de: { code: 'de', iso: 'de', nativeName: 'Deutsch', localizationId: 3, dir: 'ltr', mapLanguage: 'en_US' },
  ru: { code: 'ru', iso: 'ru', nativeName: 'Русский', localizationId: 2, dir: 'ltr', mapLanguage: 'ru_RU' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The site's variant (AppConfig.variant): the Chinese-region site lists en and cn only (§1, issue 32). */
export type SiteVariant = 'base' | 'china';
const CHINA_LOCALES: readonly Locale[] = ['cn', 'en'];

/** Locales a visitor can choose, given the russianIsAvailable setting and the site's variant. */
export function availableLocales(russianIsAvailable: boolean, variant: SiteVariant = 'base'): Locale[] {
  return LOCALES.filter((l) => (variant === 'china' ? CHINA_LOCALES.includes(l) : l !== 'ru' || russianIsAvailable));
}

/** Picks the best available locale from an Accept-Language header; null when none fits. */
export function localeFromAcceptLanguage(header: string | undefined, russianIsAvailable: boolean, variant: SiteVariant = 'base'): Locale | null {
  if (!header) return null;
  const allowed = availableLocales(russianIsAvailable, variant);
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const primary = tag.split('-')[0];
    const code = primary === 'zh' ? 'cn' : primary;
    if (isLocale(code) && allowed.includes(code)) return code;
  }
  return null;
}
