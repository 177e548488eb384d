/**
 * The partner widget loader (≤ 2 KB gzip, served with a short cache lifetime):
 *
 *   <script async src="https://widgets.example/loader.js"></script>
 *   <tour-search-widget partner="agency-42" locale="de" currency="EUR" color="#0A7D5A"></tour-search-widget>
 *
 * It defines the custom elements. Each element gets an open shadow root and — on first use of a kind — the
 * content-hashed, immutable bundle (an ES module with Preact), its stylesheet (fetched from the widget origin
 * and adopted into the shadow root: no inline styles) and the locale's texts; the bundle validates the
 * attributes and renders. Elements inserted later mount by themselves; removed ones unmount.
 *
 * JavaScript API: `window.tourWidgets` is a command queue before the loader arrives
 * (`(window.tourWidgets = window.tourWidgets || []).push(['on', 'requestSubmitted', fn])`) and afterwards
 * an object with push, on(event, handler) → off, off, destroy(element?) and version.
 * Events: ready, search, requestSubmitted (requestId), error.
 *
 * A failure (bundle blocked, timeout) leaves a compact message with a link to the main site.
 */
import { ATTRIBUTES, ELEMENT_NAMES, type LoaderManifest, type MountContext, type MountWidget, type WidgetEnv, type WidgetEvent, type WidgetKind } from './runtime/protocol';

/** Build-time constants (build.mjs). The env's origins are written in by the widget server (serve.mjs): loader.js is served short-lived, so they may differ per deploy. */
declare const __TW_ENV__: WidgetEnv;
declare const __TW_MANIFEST__: LoaderManifest;
/** Per locale: the fallback text around the link and the site name: [before, site, after]. */
declare const __TW_FALLBACK__: Record<string, [string, string, string]>;

type Detail = Record<string, unknown>;
type Handler = (detail: Detail) => void;
type Command = unknown[] | ((api: Api) => void);
interface Api {
  version: string;
  push(...commands: Command[]): void;
  on(event: WidgetEvent, handler: Handler): () => void;
  off(event: WidgetEvent, handler: Handler): void;
  destroy(element?: Element): void;
}

const w = window as unknown as { tourWidgets?: Command[] | Api };
const queued = w.tourWidgets;

// A second copy of the loader on the page does nothing.
if (!queued || Array.isArray(queued)) {
  performance.mark('tw:start');
  const base = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;
  const env = __TW_ENV__;
  const { bundles, messages, version } = __TW_MANIFEST__;
  const url = (file: string) => new URL(file, base).href;
  let handlers: Record<string, Handler[]> = {};
  let readyOnes: Detail[] = [];
  let destroyed = false;

  const emit = (event: WidgetEvent, detail: Detail) => {
    if (event == 'ready') readyOnes.push(detail);
    for (const h of handlers[event] ?? []) {
      try {
        h(detail);
      } catch (e) {
        console.error(e); // a partner's handler never breaks a widget
      }
    }
  };

  // Each file is loaded once and shared by every element; a failed load may be tried again.
  const cache: Record<string, Promise<unknown>> = {};
  const once = (file: string, load: () => Promise<unknown>) =>
    (cache[file] ??= load().catch((e) => {
      delete cache[file];
      throw e;
    }));
  const sheet = (text: string) => {
    const s = new CSSStyleSheet();
    s.replaceSync(text);
    return s;
  };
  // Enough to keep the loading state and the fallback readable whatever the page's CSS; the bundle's sheet does the rest.
  const baseSheet = sheet(':host{all:initial!important;display:block!important;font:14px/1.4 sans-serif!important}p{margin:0;padding:8px;border:1px solid #ccc}');

  class TourWidget extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    declare kind: WidgetKind;
    unmount?: () => void;
    on = false;
    token = 0;

    /**
     * Inserted, removed or changed: starts or stops after the current task, so moving an element (remove + insert)
     * does not remount it (start and stop are idempotent).
     */
    connectedCallback() {
      queueMicrotask(() => (this.isConnected && !destroyed ? this.start() : this.stop()));
    }
    disconnectedCallback() {
      this.connectedCallback();
    }
    attributeChangedCallback() {
      if (this.on) {
        this.stop();
        this.connectedCallback();
      }
    }
    stop() {
      this.token++;
      this.on = false;
      readyOnes = readyOnes.filter((d) => d.element != this);
      try {
        this.unmount?.();
      } catch (e) {
        console.error(e);
      }
      this.unmount = undefined;
      this.shadowRoot?.replaceChildren();
    }
    start() {
      if (this.on) return;
      this.on = true;
      const token = ++this.token;
      const kind = this.kind;
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const attributes: Record<string, string | null> = {};
      for (const name of ATTRIBUTES) attributes[name] = this.getAttribute(name);
      const wanted = (attributes.locale ?? '').trim().toLowerCase();
      const locale = Object.hasOwn(__TW_FALLBACK__, wanted) ? wanted : 'en'; // the fallback texts have every widget locale
      const given = (attributes.partner ?? '').trim();
      const partner = /^[\w.-]{1,64}$/.test(given) ? given : null;
      const detail = { widget: kind, element: this, partner };
      root.adoptedStyleSheets = [baseSheet];
      root.replaceChildren();
      const live = () => token == this.token;
      const fail = (reason: string, error?: unknown) => {
        if (!live()) return;
        // A compact message with a link to the main site, never a blank box.
        const [before, site, after] = __TW_FALLBACK__[locale]!;
        const p = document.createElement('p');
        const a = document.createElement('a');
        a.href = env.site + (locale == 'cn' ? '/' : '/' + locale) + (partner ? '?utm_source=' + partner : '');
        a.target = '_blank'; // which implies rel=noopener in every browser the widgets support
        a.textContent = site;
        p.append(before!, a, after!);
        root.replaceChildren(p);
        emit('error', { ...detail, reason, message: String(error || reason) });
      };
      const timer = setTimeout(fail, 10000, 'timeout');
      const [js, css, ...imports] = bundles[kind];
      Promise.all([
        // import() keeps the loader's nonce (the module fetch inherits it), so nonce and strict-dynamic policies work.
        // The chunks the bundle imports are fetched with it, not after it (the request form's Preact chunk).
        once(js, () => Promise.all([js, ...imports].map((file) => import(url(file)))).then((loaded) => loaded[0])),
        once(messages[locale as 'en'], () => import(url(messages[locale as 'en']))),
        // A missing stylesheet leaves the widget plain rather than absent.
        once(css, () => fetch(url(css)).then((r) => r.text().then((text) => (r.ok ? sheet(text) : Promise.reject(r.status))))).catch((e) => {
          emit('error', { ...detail, reason: 'stylesheet', message: String(e) });
        }),
      ]).then(
        ([mod, texts, css]) => {
          clearTimeout(timer);
          if (!live()) return;
          if (css) root.adoptedStyleSheets = [css as CSSStyleSheet];
          const container = document.createElement('div');
          root.replaceChildren(container);
          this.unmount = (mod as { mount: MountWidget }).mount({
            kind, root, container, attributes, env,
            messages: (texts as { default: MountContext['messages'] }).default,
            emit: (event, extra) => emit(event, { ...detail, ...extra }),
          });
          performance.mark('tw:ready');
          emit('ready', detail);
        },
        (error) => {
          clearTimeout(timer);
          fail('bundle', error);
        },
      );
    }
  }

  const api: Api = {
    version,
    push(...commands) {
      for (const c of commands) {
        try {
          if (typeof c == 'function') c(api);
          else (api[c[0] as 'on'] as (...a: unknown[]) => void)(...c.slice(1));
        } catch (e) {
          console.error(e);
        }
      }
    },
    on(event, handler) {
      (handlers[event] ??= []).push(handler);
      // Widgets ready before the handler came are reported at once.
      if (event == 'ready') readyOnes.forEach(handler);
      return () => api.off(event, handler);
    },
    off(event, handler) {
      handlers[event] = (handlers[event] ?? []).filter((h) => h != handler);
    },
    destroy(element) {
      for (const el of element ? [element] : document.querySelectorAll(Object.values(ELEMENT_NAMES).join())) (el as TourWidget).stop?.();
      if (!element) {
        destroyed = true;
        handlers = {};
      }
    },
  };
  w.tourWidgets = api;
  if (queued) api.push(...queued);

  for (const [kind, name] of Object.entries(ELEMENT_NAMES) as [WidgetKind, string][]) {
    if (!customElements.get(name)) customElements.define(name, class extends TourWidget {
      override kind = kind;
    });
  }
}
