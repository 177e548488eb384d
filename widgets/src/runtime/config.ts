/**
 * Reading a widget element's attributes (pure; used by the bundles when they mount). Invalid values are reported with a
 * console error naming the attribute, and the default is used (public-site §8 'Invalid theme colour').
 */
import { parseThemeColor } from '@tours/shared/widgets';
import { WIDGET_LOCALES, type WidgetConfig, type WidgetKind, type WidgetLocale, type WidgetTarget } from './protocol';

const PARTNER_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;
const UTM_RE = /^[\w.~-]{1,100}$/;
/** The locale's default currency. */
const LOCALE_CURRENCY: Readonly<Record<WidgetLocale, string>> = { en: 'USD', cn: 'CNY', de: 'EUR', ru: 'RUB' };

/** Black or white text on the colour, whichever reads better (WCAG relative luminance). */
export function contrastText([r, g, b]: readonly number[]): '#000' | '#fff' {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  // Contrast with white (1.05 / (l + 0.05)) against black ((l + 0.05) / 0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

export type AttributeReader = (name: string) => string | null;

/** The configuration of an element; `warn` gets one message per invalid attribute. */
export function readConfig(kind: WidgetKind, attr: AttributeReader, warn: (attribute: string, message: string) => void): WidgetConfig {
  const tag = kind === 'search' ? 'tour-search-widget' : 'tour-request-widget';
  const bad = (name: string, value: string, expected: string) => warn(name, `${tag}: attribute "${name}" is invalid ("${value}"): ${expected}`);

  const partnerRaw = attr('partner');
  let partner: string | null = null;
  if (partnerRaw === null || partnerRaw.trim() === '') warn('partner', `${tag}: attribute "partner" is missing: searches and requests cannot be credited to you`);
  else if (PARTNER_RE.test(partnerRaw.trim())) partner = partnerRaw.trim();
  else bad('partner', partnerRaw, 'use letters, digits, ".", "_" and "-" (up to 64)');

  const localeRaw = (attr('locale') ?? '').trim().toLowerCase();
  const locale: WidgetLocale = (WIDGET_LOCALES as readonly string[]).includes(localeRaw) ? (localeRaw as WidgetLocale) : 'en';
  if (localeRaw && locale !== localeRaw) bad('locale', localeRaw, 'use en, cn, de or ru; en is used');

  const currencyRaw = (attr('currency') ?? '').trim();
  let currency = LOCALE_CURRENCY[locale];
  if (CURRENCY_RE.test(currencyRaw)) currency = currencyRaw.toUpperCase();
  else if (currencyRaw) bad('currency', currencyRaw, `use a 3-letter code; ${currency} is used`);

  const colorRaw = attr('color');
  let color: string | null = null;
  if (colorRaw !== null && colorRaw.trim() !== '') {
    const rgb = parseThemeColor(colorRaw);
    if (rgb) color = `rgb(${rgb.join(',')})`;
    else bad('color', colorRaw, 'colours must be #ABC, #AABBCC or r,g,b; the default colour is used');
  }

  const targetRaw = (attr('target') ?? '').trim();
  const target: WidgetTarget = targetRaw === '_top' || targetRaw === '_self' ? targetRaw : '_blank';
  if (targetRaw && targetRaw !== target) bad('target', targetRaw, 'use _blank (a new tab, the default), _top or _self');

  const utm = (name: string) => {
    const v = attr(name);
    if (v === null || v.trim() === '') return null;
    if (UTM_RE.test(v.trim())) return v.trim();
    bad(name, v, 'use letters, digits, ".", "_", "~" and "-" (up to 100)');
    return null;
  };
  return { kind, partner, locale, currency, color, target, utmCampaign: utm('utm-campaign'), utmContent: utm('utm-content') };
}

export { parseThemeColor };
