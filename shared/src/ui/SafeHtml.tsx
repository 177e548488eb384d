import { startTransition, useEffect, useMemo, useState } from 'react';
import type { DOMPurify } from 'dompurify';

/**
 * HTML from data (descriptions, programmes, blog bodies) is sanitised before it is rendered: no
 * scripts, no event handlers, no javascript: links, no iframes or forms. The sanitiser (DOMPurify,
 * ~8 KB gzip) is loaded on first use, so pages without data HTML never download it.
 */
let purifier: DOMPurify | null = null;
let loading: Promise<DOMPurify> | null = null;

export function loadSanitizer(): Promise<DOMPurify> {
  if (purifier) return Promise.resolve(purifier);
  loading ??= import(/* webpackChunkName: "sanitizer" */ 'dompurify').then((m) => (purifier = m.default));
  return loading;
}

const OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'object', 'embed', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcdoc'],
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** Sanitises with the loaded sanitiser; before it has loaded, nothing is let through (''). */
export function sanitizeHtml(html: string): string {
  return purifier ? purifier.sanitize(html, OPTIONS) : '';
}

export function SafeHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'section' | 'span' }) {
  const [ready, setReady] = useState(purifier !== null);
  useEffect(() => {
    // A transition: sanitising and painting long HTML yields to the browser instead of blocking it.
    if (!ready) void loadSanitizer().then(() => startTransition(() => setReady(true)));
  }, [ready]);
  const clean = useMemo(() => (ready ? sanitizeHtml(html) : ''), [html, ready]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
