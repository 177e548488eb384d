/**
 * The JSON body parser: fastify's own (secure-json-parse: `__proto__` and `constructor.prototype` keys are refused,
 * FST_ERR_CTP_INVALID_JSON_BODY / _EMPTY_JSON_BODY as before) behind a nesting-depth check. A body of 400,000 '['
 * fits in the 1 MB limit and made recursive code down the line overflow the stack (a 500); a linear scan before
 * JSON.parse turns anything nested deeper than MAX_JSON_DEPTH into a 400.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Far above any body of the spec (a help request is 3 levels deep). */
const MAX_JSON_DEPTH = 64;

/** True when `text` opens more than `max` arrays/objects at once (strings and escapes skipped). One pass, no allocation. */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  // fastify's defaults for the poisoning options ('error'), so the behaviour is the default parser's.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingExceeds(body as string, maxDepth)) {
      done(new HttpError(400, 'JSON nested too deeply'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
