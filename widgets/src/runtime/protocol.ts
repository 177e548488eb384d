import type { CompiledMessage } from './format';

/**
 * What the loader and the widget bundles agree on. The loader (loader.ts) reads the element's attributes,
 * loads the bundle, its stylesheet and the locale's messages, then calls the bundle's `mount`.
 */
export type WidgetKind = 'search' | 'request';
export const WIDGET_LOCALES = ['en', 'cn', 'de', 'ru'] as const;
export type WidgetLocale = (typeof WIDGET_LOCALES)[number];
export type WidgetTarget = '_blank' | '_top' | '_self';

/** Custom element names. */
export const ELEMENT_NAMES: Readonly<Record<WidgetKind, string>> = { search: 'tour-search-widget', request: 'tour-request-widget' };

/** Attributes an element is configured with. */
export const ATTRIBUTES = ['partner', 'locale', 'currency', 'color', 'target', 'utm-campaign', 'utm-content'] as const;

export interface WidgetConfig {
  kind: WidgetKind;
  /** Partner id (utm_source); null when missing or invalid. */
  partner: string | null;
  locale: WidgetLocale;
  currency: string;
  /** The theme colour as CSS, or null for the default. */
  color: string | null;
  /** Where the search opens: a new tab by default. */
  target: WidgetTarget;
  utmCampaign: string | null;
  utmContent: string | null;
}

/** Where the main site and its API are (templated into loader.js by the widget server). */
export interface WidgetEnv {
  site: string;
  api: string;
}

export type WidgetEvent = 'ready' | 'search' | 'requestSubmitted' | 'error';

export interface MountContext {
  kind: WidgetKind;
  /** The shadow root (the bundle adds its theme sheet to its adopted stylesheets). */
  root: ShadowRoot;
  /** An element inside the shadow root to render into. */
  container: HTMLElement;
  /** The element's attributes as written (the bundle validates them: runtime/config.ts). */
  attributes: Readonly<Record<string, string | null>>;
  env: WidgetEnv;
  /** The locale's catalogue texts (forms.* and widgets.*), compiled (runtime/compile-messages.ts). */
  messages: Readonly<Record<string, CompiledMessage>>;
  /** Fires a JavaScript API event (the loader adds widget, element and partner). */
  emit(event: WidgetEvent, detail?: Record<string, unknown>): void;
}

/** What a widget component gets: the context and the validated configuration. */
export interface WidgetProps {
  ctx: MountContext;
  config: WidgetConfig;
}

/** What a widget bundle exports. Returns the unmount function. */
export type MountWidget = (ctx: MountContext) => () => void;

/** What the loader is built with (build.mjs): per bundle its file, its stylesheet, then the chunks it imports statically. */
export interface LoaderManifest {
  version: string;
  bundles: Record<WidgetKind, [js: string, css: string, ...imports: string[]]>;
  messages: Record<WidgetLocale, string>;
}
