/**
 * The outbox page for developers: GET /internal/outbox (JSON) and /internal/outbox.html (a table), the newest
 * message first, `?to=` for one recipient. Kept messages hold their codes and links (that is how a developer or an
 * end-to-end test signs in without a mail server): answered only with DEV_MODE=1 or the internal secret
 * (X-Internal-Secret), a plain 404 otherwise. Not part of the API's description (like /internal/metrics).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { AUTH_CODE_LENGTH } from '@tours/shared/src/api/schemas/accounts';
import { normalPhone, opt, queryInt, queryString } from '@tours/shared/src/api/schemas/common';
import { outboxRows, type OutboxRow } from '../db/queries/outbox';
import { normalEmail } from '../domain/logins';
import { parseInput } from '../lib/validation';
import type { Services } from '../services';

const OutboxQuery = type({ to: opt(queryString(254)), limit: opt(queryInt(1, 500)) });

const CODE = new RegExp(`\\b\\d{${AUTH_CODE_LENGTH}}\\b`);
const LINK = /https?:\/\/[^\s<>"']+/g;

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: unknown;
  status: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The one-time code in the text, if there is one (a convenience for tests). */
  code: string | null;
  links: string[];
}

function messageOf(row: OutboxRow): OutboxMessage {
  return {
    ...row,
    attachments: row.attachments ? (JSON.parse(row.attachments) as unknown) : null,
    // Links carry tokens that may hold five digits in a row: the code is looked for in the rest.
    code: CODE.exec(row.text.replace(LINK, ''))?.[0] ?? null,
    links: row.text.match(LINK) ?? [],
  };
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages.map((m) => `<tr><td>${m.id}</td><td>${escapeHtml(m.created_at)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td>`
    + `<td>${escapeHtml(m.status)}${m.error ? `<br>${escapeHtml(m.error)}` : ''}</td><td><b>${escapeHtml(m.code ?? '')}</b></td>`
    + `<td>${m.subject ? `<b>${escapeHtml(m.subject)}</b><br>` : ''}${escapeHtml(m.text).replace(/\n/g, '<br>')}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body>
<h1>Outbox${to ? ` to ${escapeHtml(to)}` : ''}</h1>
<p>Newest first. <a href="?">All</a> · JSON: <a href="/internal/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}">/internal/outbox</a></p>
<table border="1" cellpadding="4"><thead><tr><th>id</th><th>created</th><th>channel</th><th>to</th><th>status</th><th>code</th><th>message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">No messages.</td></tr>'}
</tbody></table>
</body></html>`;
}

export function registerOutboxPage(app: FastifyInstance, s: Services): void {
  async function messages(request: FastifyRequest, reply: FastifyReply): Promise<{ list: OutboxMessage[]; to?: string } | null> {
    if (!s.config.devMode && !request.fromTrustedProxy) {
      await reply.code(404).send({ message: 'Not found' });
      return null;
    }
    const query = parseInput(request.query, OutboxQuery);
    // A recipient as messages are addressed: a lower-case e-mail or '+digits'.
    const to = query.to?.trim() ? (query.to.includes('@') ? normalEmail(query.to) : normalPhone(query.to)) : undefined;
    const rows = await outboxRows(s.db, { ...(to ? { to } : {}), limit: query.limit ?? 100 });
    reply.header('cache-control', 'no-store');
    return { list: rows.map(messageOf), ...(to ? { to } : {}) };
  }

  app.get('/internal/outbox', async (request, reply) => {
    const found = await messages(request, reply);
    return found && reply.send({ messages: found.list });
  });
  app.get('/internal/outbox.html', async (request, reply) => {
    const found = await messages(request, reply);
    return found && reply.type('text/html; charset=utf-8').send(page(found.list, found.to));
  });
}
