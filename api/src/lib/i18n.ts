/**
 * Localisation of answers: X-Language picks the texts (unknown → en), X-Localization the site variant.
 * Rule for de and ru: names have their own columns; a missing text (null column, or a long text that exists
 * only in en and cn) falls back to English, and the answer item says so with `fallback_locale: 'en'`.
 */
import type { ApiLocale, LocalizationId } from '@tours/shared/src/api/schemas/common';

/** 'en-US' → en, 'zh-CN' / 'zh' / 'cn' → cn, 'de-DE' → de, 'ru' → ru; anything else → en. */
export function localeFromHeader(value: string | string[] | undefined): ApiLocale {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() ?? '';
  const primary = raw.split(/[-_,;]/)[0] ?? '';
  if (primary === 'zh' || primary === 'cn') return 'cn';
  if (primary === 'de' || primary === 'ru' || primary === 'en') return primary;
  return 'en';
}

/** X-Localization: 12 is the Chinese-region variant; anything else is the base site (1). */
export function localizationFromHeader(value: string | string[] | undefined): LocalizationId {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  return raw === '12' ? 12 : 1;
}

export interface Picked {
  text: string;
  fellBack: boolean;
}

/** The `<field>_<locale>` column of a row, falling back to `<field>_en`. */
export function pickText(row: object, field: string, locale: ApiLocale): Picked {
  const values = row as Record<string, unknown>;
  const own = values[`${field}_${locale}`];
  if (typeof own === 'string' && own !== '') return { text: own, fellBack: false };
  const en = values[`${field}_en`];
  return { text: typeof en === 'string' ? en : '', fellBack: locale !== 'en' };
}

/** Just the text of `pickText`. */
export function t(row: object, field: string, locale: ApiLocale): string {
  return pickText(row, field, locale).text;
}

/** `{ fallback_locale: 'en' }` when any of the picks fell back, otherwise nothing. */
export function fallbackMark(...picks: Picked[]): { fallback_locale?: 'en' } {
  return picks.some((p) => p.fellBack) ? { fallback_locale: 'en' } : {};
}

/** Collator for sorting names in a locale. */
export function collator(locale: ApiLocale): Intl.Collator {
  return new Intl.Collator(locale === 'cn' ? 'zh-CN' : locale);
}

/** Small UI words the API itself needs. */
export const WORDS: Record<'home' | 'blog' | 'tours', Record<ApiLocale, string>> = {
  home: { en: 'Home', cn: '首页', de: 'Startseite', ru: 'Главная' },
  blog: { en: 'Blog', cn: '博客', de: 'Reiseblog', ru: 'Блог' },
  tours: { en: 'Tours', cn: '旅游', de: 'Touren', ru: 'Туры' },
};
