import { availableLocales, LOCALE_INFO, type Locale, type SiteVariant } from '@tours/shared/src/i18n/locales';
import { switchLocalePath, type RouteMatch } from '@tours/shared/src/routing/match';

export interface HeadInput {
  origin: string;
  match: RouteMatch | null;
  locale: Locale;
  messages: Record<string, string>;
  russianIsAvailable: boolean;
  /** The Chinese-region site links en and cn only (issue 32). */
  variant?: SiteVariant;
  status: number;
  path: string;
  /** A screen may bring its own (the tour page): title, description, JSON-LD, robots. */
  extra?: { title?: string; description?: string; jsonLd?: unknown; robots?: string };
  /** The page's CSP nonce, put on every <script> (host/server/security.ts). */
  nonce?: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON inside <script>: '<' escaped so no data can close the tag. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const nonceAttr = (nonce: string | undefined) => (nonce ? ` nonce="${escapeHtml(nonce)}"` : '');

/** Title, description, canonical and hreflang links for the HTML the server sends. */
export function renderHead(input: HeadInput): string {
  const { origin, match, messages, russianIsAvailable, variant, status, extra } = input;
  const site = messages['meta.siteName'] ?? '';
  const pageTitle = extra?.title ?? (match ? messages[`page.${match.name}.title`] : undefined) ?? messages['meta.notFound'] ?? '';
  const errorTitle = status === 404 ? messages['meta.notFound'] ?? 'Not found' : status === 503 ? messages['error.503.title'] ?? 'Service unavailable' : null;
  const title = errorTitle && !extra?.title ? `${errorTitle} | ${site}` : pageTitle && pageTitle !== site ? `${pageTitle} | ${site}` : site;
  const description = extra?.description ?? (match ? messages[`page.${match.name}.description`] : undefined) ?? messages['meta.description'] ?? '';
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:title" content="${escapeHtml(pageTitle || site)}">`,
  ];
  if (status === 404 || status >= 500) lines.push('<meta name="robots" content="noindex, follow">');
  else if (extra?.robots) lines.push(`<meta name="robots" content="${escapeHtml(extra.robots)}">`);
  if (match && status < 400) {
    lines.push(`<link rel="canonical" href="${escapeHtml(origin + input.path)}">`);
    for (const l of availableLocales(russianIsAvailable, variant)) {
      lines.push(`<link rel="alternate" hreflang="${LOCALE_INFO[l].iso}" href="${escapeHtml(origin + switchLocalePath(match, l))}">`);
    }
    lines.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + switchLocalePath(match, 'cn'))}">`);
  }
  if (extra?.jsonLd) lines.push(`<script type="application/ld+json"${nonceAttr(input.nonce)}>${safeJson(extra.jsonLd)}</script>`);
  return lines.join('\n');
}

/** The whole HTML document: head for crawlers, initial state for the first paint, the host entry. */
export function renderDocument(o: {
  lang: string; head: string; state: unknown; entry: { js: string[]; css: string[] }; accent: string; variant: string; body?: string; nonce?: string;
  /** uikit.colorScheme and uikit.inputViewType (issue 32): on the root, so the kit's CSS switches before any script runs. */
  colorScheme?: 'light' | 'dark'; inputViewType?: 1 | 2;
  /**
   * uikit.defaultModalWidth and uikit.dropdown.arrowPadding (§9 'Layout sizes': 489 and 18 in the base configuration,
   * 500 and 12 in the UI kit): custom properties on the root that the modal and the dropdown's arrow read.
   */
  kitSizes?: { modalWidth: number; arrowPadding: number };
  /** The matched route's name (`data-route`): the layout's CSS knows the page before any script runs (a tour page's order bar). */
  route?: string;
}): string {
  const scheme = o.colorScheme === 'dark' ? 'dark' : 'light';
  const px = (n: number) => `${Math.round(Number(n)) || 0}px`;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(o.lang)}" dir="ltr" data-site-variant="${escapeHtml(o.variant)}" data-color-scheme="${scheme}" data-input-view="${o.inputViewType === 2 ? 2 : 1}"${o.route ? ` data-route="${escapeHtml(o.route)}"` : ''}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="theme-color" content="${escapeHtml(o.accent)}">`,
    // Chromium's first Intl.NumberFormat loads its number data (12–16 ms on a desktop, four times that on a phone),
    // and react-intl's provider asks for it inside the hydration task. Asked here, before the stylesheets, it runs
    // while they download, before the first paint, not as a long task after it (issue 33: total blocking time).
    `<script${nonceAttr(o.nonce)}>try{Intl.NumberFormat.supportedLocalesOf(document.documentElement.lang)}catch(e){}</script>`,
    ...(o.kitSizes ? [`<style${nonceAttr(o.nonce)}>:root{--ui-modal-width:${px(o.kitSizes.modalWidth)};--ui-dropdown-arrow-padding:${px(o.kitSizes.arrowPadding)}}</style>`] : []),
    o.head,
    ...o.entry.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    // The nonce lets the entry run under the page's CSP; what it inserts is trusted through it ('strict-dynamic').
    // async, not defer: the entry (3 KB) runs as soon as it is here and asks for the host's chunks then, in a task of
    // its own; a deferred one ran in the task that ends the parse, beside the whole page's style and layout, one long
    // task after the first paint (issue 33). The host waits for the parsed document itself (bootstrap.tsx).
    ...o.entry.js.map((src) => `<script async src="${escapeHtml(src)}"${nonceAttr(o.nonce)}></script>`),
    '</head>',
    '<body>',
    `<div id="app">${o.body ?? ''}</div>`,
    `<script id="__INITIAL__" type="application/json"${nonceAttr(o.nonce)}>${safeJson(o.state)}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
