/**
 * The widgets' formatter of their catalogue texts, compiled at build time (compile-messages.ts): it fills arguments
 * and rich-text tags in (tag values are functions of their chunks), and parses nothing, so the bundles ship no ICU
 * parser.
 */
import type { ReactNode } from 'react';

export type FormatValues = Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>;

/** Text, an argument `[name]`, or a tag `[name, its parts]`. */
export type CompiledPart = string | [argument: string] | [tag: string, children: CompiledPart[]];
/** A text without arguments or tags is a string. */
export type CompiledMessage = string | CompiledPart[];

function fill(parts: CompiledPart[], values: FormatValues): ReactNode[] {
  return parts.map((part) => {
    if (typeof part === 'string') return part;
    const value = values[part[0]];
    if (part.length === 1) return value === undefined ? `{${part[0]}}` : typeof value === 'function' ? value([]) : String(value);
    const chunks = fill(part[1], values);
    return typeof value === 'function' ? value(chunks) : chunks;
  });
}

/** Formats a message: a string when every part is text, else an array of nodes. */
export function formatMessage(message: CompiledMessage, values: FormatValues = {}): ReactNode {
  if (typeof message === 'string') return message;
  const parts = fill(message, values);
  return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
}

/** `t(id, values)` over a catalogue; a missing key shows the key (and logs it). */
export function translator(messages: Readonly<Record<string, CompiledMessage>>) {
  return (id: string, values?: FormatValues): ReactNode => {
    const message = messages[id];
    if (message === undefined) {
      console.error(`Missing widget text ${id}`);
      return id;
    }
    return formatMessage(message, values);
  };
}
