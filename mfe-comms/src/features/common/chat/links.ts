/**
 * A message's text as safe segments (issue 15: "messages render as text, links made safe, never as HTML"): plain
 * text and http(s) links only. Any other scheme (`javascript:`, `data:`, `mailto:`…) stays text, and React escapes
 * every segment, so nothing the other side types can become markup or script.
 */
export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A URL starts at http:// or https:// (or www.) after a boundary and runs to whitespace or an angle bracket.
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the URL ("see https://x.com/a.").
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The link of a candidate, or null when it is not a well-formed http(s) URL. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/** Splits a message into text and link segments, in order; adjacent text is merged. */
export function linkify(text: string): Segment[] {
  const out: Segment[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    let raw = match[0];
    // Keep a closing parenthesis that belongs to the URL (wikipedia-style), drop sentence punctuation.
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    let kept = trail;
    if (trail.startsWith(')') && (raw.match(/\(/g)?.length ?? 0) >= (raw.match(/\)/g)?.length ?? 0)) kept = trail.slice(1);
    raw = raw.slice(0, raw.length - kept.length);
    const href = safeHref(raw);
    pushText(text.slice(at, start));
    if (href) out.push({ kind: 'link', text: raw, href });
    else pushText(raw);
    at = start + raw.length;
  }
  pushText(text.slice(at));
  return out;
}
