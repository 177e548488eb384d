/** A request header as a form's field takes it (issue 30: shared by routes/requests.ts and routes/booking.ts, formerly in routes/requests.ts). */
import type { FastifyRequest } from 'fastify';

/** The header's first value cut to `max` characters, or null when it is absent or empty. */
export function header(request: FastifyRequest, name: string, max: number): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, max) : null;
}
