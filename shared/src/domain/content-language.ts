/**
 * Texts of an answer the API had to give in another language than the page's (public-site: de and ru long texts exist
 * only in English; the answer says so with `fallback_locale`). The page names that language and marks the texts with it.
 */
export function contentLanguage(answer: { fallback_locale?: string | null | undefined }, pageLocale: string): string | null {
  const lang = answer.fallback_locale;
  return lang && lang !== pageLocale ? lang : null;
}
