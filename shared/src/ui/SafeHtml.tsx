import { startTransition, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DOMPurify } from 'dompurify';

/**
 * HTML from data (descriptions, programmes, blog bodies) is sanitised before it is rendered: no scripts, no event
 * handlers, no javascript: links, no iframes or forms.
 * - Where the browser has the HTML Sanitizer API (`Element.setHTML` with a configurable `Sanitizer`: Chromium 146+;
 *   a secure context), the browser sanitises as it inserts: nothing to download, no string parsed twice, and the HTML is
 *   there in the first render (issue 33: a phone's first visit of a tour page downloaded DOMPurify, 11 KB gzip, to
 *   show the description near the top).
 * - Elsewhere the sanitiser is DOMPurify, loaded on first use, so pages without data HTML never download it.
 * Both remove the same elements and attributes (below) on top of their own safe defaults.
 */
let purifier: DOMPurify | null = null;
let loading: Promise<void> | null = null;

const FORBIDDEN_ELEMENTS = ['style', 'iframe', 'form', 'input', 'button', 'object', 'embed', 'noscript', 'svg', 'math'];
const FORBIDDEN_ATTRIBUTES = ['style', 'srcdoc'];
/** svg and math are elements of their own namespaces: the Sanitizer API names them with it. */
const NAMESPACES: Record<string, string> = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };

const PURIFY_OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_ELEMENTS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

const NATIVE_CONFIG = {
  removeElements: FORBIDDEN_ELEMENTS.map((name) => (NAMESPACES[name] ? { name, namespace: NAMESPACES[name] } : name)),
  removeAttributes: FORBIDDEN_ATTRIBUTES,
};

type NativeSetHtml = (this: Element, html: string, options: { sanitizer: typeof NATIVE_CONFIG }) => void;

/**
 * The browser's `setHTML`, when it is the current Sanitizer API. Chromium 105–118 shipped an earlier draft with the
 * same method name and another configuration (its Sanitizer had `sanitize()`); the current one has `removeElement`.
 */
function nativeSetHtml(): NativeSetHtml | null {
  if (typeof Element === 'undefined') return null;
  const setHTML = (Element.prototype as { setHTML?: NativeSetHtml }).setHTML;
  const sanitizer = (globalThis as { Sanitizer?: { prototype: { removeElement?: unknown } } }).Sanitizer;
  return typeof setHTML === 'function' && typeof sanitizer?.prototype.removeElement === 'function' ? setHTML : null;
}

/** Makes the sanitiser ready: at once where the browser has one, else by loading DOMPurify. */
export function loadSanitizer(): Promise<void> {
  if (purifier || nativeSetHtml()) return Promise.resolve();
  loading ??= import(/* webpackChunkName: "sanitizer" */ 'dompurify').then((m) => {
    purifier = m.default;
  });
  return loading;
}

/** Sanitises with DOMPurify once it has loaded; before that, nothing is let through (''). */
export function sanitizeHtml(html: string): string {
  return purifier ? purifier.sanitize(html, PURIFY_OPTIONS) : '';
}

export function SafeHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'section' | 'span' }) {
  const [native] = useState(nativeSetHtml);
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(() => purifier !== null);
  useLayoutEffect(() => {
    if (native) {
      // The browser's sanitiser fills the element itself before the frame is painted (React renders it empty and
      // leaves its content alone).
      if (ref.current) native.call(ref.current, html, { sanitizer: NATIVE_CONFIG });
    } else if (!ready) {
      // A transition: sanitising and painting long HTML yields to the browser instead of blocking it.
      void loadSanitizer().then(() => startTransition(() => setReady(true)));
    }
  }, [native, html, ready]);
  const clean = useMemo(() => (ready ? sanitizeHtml(html) : ''), [html, ready]);
  // One element type whatever `as` says, for the ref's type: a div, a section and a span are all HTMLElements.
  const Element = Tag as 'div';
  return native ? <Element ref={ref} className={className} /> : <Element className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
