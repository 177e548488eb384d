/**
 * Errors raised before a request reaches fastify's normal path, answered in the spec's error shape
 * (`{ message }`, a fixed message) — never repeating the input and never with statusCode/code/error fields:
 * - `frameworkErrors` (fastify option): a URL that cannot be decoded (FST_ERR_BAD_URL: 400), a route parameter
 *   over maxParamLength (404: no such resource), a failing async constraint (500);
 * - `clientErrorHandler` (fastify option; node's http parser): headers over the size limit (431), a request
 *   that timed out (408), anything else malformed (400). A raw HTTP/1.1 answer, then the socket is destroyed,
 *   as node and fastify do by default.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { errorJson } from './errors';
import { RAW_ERROR_HEADERS } from './security-headers';

export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 500;
  // A reply made for this error has no route context, so the body goes as a finished string.
  void reply.code(status).headers(RAW_ERROR_HEADERS).send(errorJson(status, error.code));
}

function clientErrorStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** The raw answer for a parser-level error (exported for tests). */
function clientErrorResponse(status: number): string {
  const body = errorJson(status);
  const headers = Object.entries({ ...RAW_ERROR_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n${headers}\r\n${body}`;
}

export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(error.code);
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) socket.write(clientErrorResponse(status));
  socket.destroy(error);
}
