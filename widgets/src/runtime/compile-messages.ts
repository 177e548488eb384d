/**
 * The widgets' catalogue texts (forms.* and widgets.*) compiled when the widgets are built (widgets/build.mjs writes
 * each locale's module with them), so the bundles carry a few lines that fill the parts in (format.ts), not a parser.
 * The syntax is the part of ICU the texts use: `{name}` arguments and `<tag>…</tag>` rich text, with ICU apostrophe
 * quoting (`''` is a quote; `'{…}'` is literal). Plural and select are refused: no widget text uses them.
 */
import type { CompiledMessage, CompiledPart } from './format';

function unquote(text: string): string {
  return text.replace(/'('|[{}<][^']*)'?/g, (_m, inner: string) => (inner === "'" ? "'" : inner));
}

function parse(message: string, start: number, closing: string | null): [CompiledPart[], number] {
  const parts: CompiledPart[] = [];
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
      if (name.includes(',')) throw new Error(`Widget texts do not support plural or select: "${message}"`);
      flush();
      parts.push([name]);
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
      const [children, next] = parse(message, i + tag.length + 2, tag);
      parts.push([tag, children]);
      i = next;
    } else {
      buffer += ch;
      i += 1;
    }
  }
  flush();
  return [parts, i];
}

/** A text with no argument or tag compiles to itself (unquoted); any other to its parts. */
export function compileMessage(message: string): CompiledMessage {
  const [parts] = parse(message, 0, null);
  return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
}

export function compileMessages(messages: Readonly<Record<string, string>>): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]));
}
