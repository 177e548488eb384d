import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * HTML from data (descriptions, programmes, blog bodies) is sanitised before it is rendered: no
 * scripts, no event handlers, no javascript: links, no iframes or forms.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcdoc'],
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

export function SafeHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'section' | 'span' }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
