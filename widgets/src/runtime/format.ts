/**
 * A tiny formatter for the widgets' catalogue texts (forms.* and widgets.*), so the bundles ship no ICU
 * parser: `{name}` arguments and `<tag>…</tag>` rich text (tag values are functions of their chunks), with
 * ICU apostrophe quoting (`''` is a quote; `'{…}'` is literal). Plural and select are not supported:
 * format.test.ts checks that no widget text uses them.
 */
import type { ReactNode } from 'react';

export type FormatValues = Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>;

type Part = string | ReactNode;

function unquote(text: string): string {
  return text.replace(/'('|[{}<][^']*)'?/g, (_m, inner: string) => (inner === "'" ? "'" : inner));
}

function parse(message: string, values: FormatValues, start: number, closing: string | null): [Part[], number] {
  const parts: Part[] = [];
  let i = start;
  let buffer = '';
  const flush = () => {
    if (buffer) parts.push(unquote(buffer));
    buffer = '';
  };
  while (i < message.length) {
    const ch = message[i]!;
    if (ch === "'") {
      // Keep a quoted run as it is; unquote() resolves it.
      const end = message[i + 1] === "'" ? i + 2 : /['{}<]/.test(message[i + 1] ?? '') ? message.indexOf("'", i + 1) + 1 || message.length : i + 1;
      buffer += message.slice(i, end);
      i = end;
    } else if (ch === '{') {
      const end = message.indexOf('}', i);
      const name = message.slice(i + 1, end).trim();
      flush();
      const v = values[name];
      parts.push(v === undefined ? `{${name}}` : typeof v === 'function' ? v([]) : String(v));
      i = end + 1;
    } else if (ch === '<' && message[i + 1] === '/') {
      const end = message.indexOf('>', i);
      if (closing !== null && message.slice(i + 2, end) === closing) {
        flush();
        return [parts, end + 1];
      }
      buffer += ch;
      i += 1;
    } else if (ch === '<' && /^<([a-zA-Z][\w-]*)>/.test(message.slice(i))) {
      const tag = /^<([a-zA-Z][\w-]*)>/.exec(message.slice(i))![1]!;
      flush();
      const [chunks, next] = parse(message, values, i + tag.length + 2, tag);
      const fn = values[tag];
      parts.push(typeof fn === 'function' ? fn(chunks) : chunks);
      i = next;
    } else {
      buffer += ch;
      i += 1;
    }
  }
  flush();
  return [parts, i];
}

/** Formats a message: a string when every part is text, else an array of nodes. */
export function formatMessage(message: string, values: FormatValues = {}): ReactNode {
  const [parts] = parse(message, values, 0, null);
  return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
}

/** `t(id, values)` over a catalogue; a missing key shows the key (and logs once). */
export function translator(messages: Readonly<Record<string, string>>) {
  return (id: string, values?: FormatValues): ReactNode => {
    const message = messages[id];
    if (message === undefined) {
      console.error(`Missing widget text ${id}`);
      return id;
    }
    return formatMessage(message, values);
  };
}
