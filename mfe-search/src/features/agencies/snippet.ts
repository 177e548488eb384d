/** The embed snippet and the CSP lines the /for-agencies configurator shows (pure). */
import type { Locale } from '@tours/shared/contract';

export type WidgetChoiceKind = 'search' | 'request';
export interface WidgetChoice {
  widget: WidgetChoiceKind;
  partner: string;
  locale: Locale;
  currency: string;
  /** As typed; left out when empty or invalid. */
  color: string;
  target: '_blank' | '_top';
}

export const WIDGET_TAGS: Readonly<Record<WidgetChoiceKind, string>> = { search: 'tour-search-widget', request: 'tour-request-widget' };

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element's attributes, in snippet order (the colour only when valid; target only for the search box when not the default). */
export function widgetAttributes(choice: WidgetChoice, colorValid: boolean): [string, string][] {
  const attrs: [string, string][] = [['partner', choice.partner.trim()], ['locale', choice.locale], ['currency', choice.currency]];
  if (colorValid && choice.color.trim()) attrs.push(['color', choice.color.trim()]);
  if (choice.widget === 'search' && choice.target !== '_blank') attrs.push(['target', choice.target]);
  return attrs;
}

/** The main site's home page of a locale, crediting the partner (the <noscript> fallback link). */
function partnerHome(siteOrigin: string, locale: Locale, partner: string): string {
  const url = new URL(locale === 'cn' ? '/' : `/${locale}`, siteOrigin);
  if (partner.trim()) url.searchParams.set('utm_source', partner.trim());
  return url.href;
}

export function widgetSnippet(choice: WidgetChoice, { loaderUrl, siteOrigin, siteName, colorValid }: { loaderUrl: string; siteOrigin: string; siteName: string; colorValid: boolean }): string {
  const tag = WIDGET_TAGS[choice.widget];
  const attrs = widgetAttributes(choice, colorValid).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return [
    `<script async src="${escapeAttr(loaderUrl)}"></script>`,
    `<${tag}${attrs}></${tag}>`,
    `<noscript><a href="${escapeAttr(partnerHome(siteOrigin, choice.locale, choice.partner))}">${escapeAttr(siteName)}</a></noscript>`,
  ].join('\n');
}

/** What a partner with a Content Security Policy adds: the widget origin for scripts, both origins for calls. */
export function cspLines(loaderUrl: string, apiOrigin: string): string[] {
  const widgets = new URL(loaderUrl).origin;
  return [`script-src ${widgets};   (or a nonce on the loader's script tag with 'strict-dynamic')`, `connect-src ${widgets} ${apiOrigin};`];
}
