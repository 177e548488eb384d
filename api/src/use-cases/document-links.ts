/**
 * Documents the API mails to an address a visitor typed (issue 28, kept for the travel guide of issue 29): the tour
 * programme and the travel guide. One rule for both (docs/decisions.md 'A link, not a file, for an address that has
 * not asked'): an e-mail carries the PDF attached only to an address that has asked before — a link sent to it was
 * opened —, else a link to the PDF (128 random bits, only its SHA-256 stored in programme_links with where it went,
 * valid LINK_DAYS); each message counts against the address's daily limit (lib/mail-limits.ts) and the visitor's work
 * budget. Opening a link is what proves the inbox's owner asked, whichever document it was for.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_LOCALES, CURRENCY_CODES, type ApiLocale, type CurrencyCode } from '@tours/shared/src/api/schemas/common';
import type { LinkedDocument } from '../db/schema';
import { documentLinkByHash, hasOpenedLink, insertDocumentLink, markDocumentLinkOpened } from '../db/queries/programme';
import type { Services } from '../services';
import { validationError } from '../lib/errors';
import { MAIL_LIMIT_MESSAGE, takeMailAllowance, type MailKind } from '../lib/mail-limits';

/** How long a link to a document works. */
export const LINK_DAYS = 30;
const TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a link leads to: the document, its tour (0 for the guide), locale and currency. */
export interface DocumentRef {
  document: LinkedDocument;
  tourId: number;
  locale: ApiLocale;
  currency: CurrencyCode;
}

/** Whether an address has asked for documents before: a link sent to it was opened. */
export async function hasAsked(s: Services, recipient: string): Promise<boolean> {
  return hasOpenedLink(s.db, recipient);
}

/** A new link to a document at `path`, recorded with where it goes; answers the link and its token (a secret of the message). */
export async function newDocumentLink(s: Services, path: string, ref: DocumentRef, recipient: string, requestId: number | null = null): Promise<{ link: string; token: string }> {
  const token = randomBytes(16).toString('base64url');
  await insertDocumentLink(s.db, {
    token_hash: sha256(token), document: ref.document, tour_id: ref.tourId, locale: ref.locale, currency: ref.currency, request_id: requestId,
    recipient, created_at: s.date().toISOString(),
  });
  return { link: `${s.config.siteOrigin}${path}/${token}`, token };
}

/**
 * The document a link's token names while it works (LINK_DAYS from when it was sent), or null; `markOpened` then
 * records that its address asked (the next e-mail to it carries the file), once the caller has the file to serve.
 */
async function documentOfLink(s: Services, token: string, document: LinkedDocument): Promise<{ ref: DocumentRef; markOpened: () => Promise<void> } | null> {
  const link = TOKEN_RE.test(token)
    ? await documentLinkByHash(s.db, sha256(token), document)
    : undefined;
  if (!link || Date.parse(link.created_at) <= s.now() - LINK_DAYS * 86_400_000) return null;
  const locale = (API_LOCALES as readonly string[]).includes(link.locale) ? (link.locale as ApiLocale) : 'en';
  const currency = (CURRENCY_CODES as readonly string[]).includes(link.currency) ? (link.currency as CurrencyCode) : 'RUB';
  return {
    ref: { document, tourId: link.tour_id, locale, currency },
    markOpened: async () => {
      if (link.opened_at) return;
      await markDocumentLinkOpened(s.db, link.token_hash, s.date().toISOString());
    },
  };
}

/**
 * Serves the PDF a link's token names (GET …/:token, a file, not an API call): 404 when the link does not work or
 * `file` has none; else the PDF inline, and the link marked opened (its address has asked).
 */
export async function serveLinkedPdf(
  s: Services, token: string, reply: FastifyReply, document: LinkedDocument, file: (ref: DocumentRef) => Promise<{ filename: string; bytes: Buffer } | null>,
): Promise<FastifyReply> {
  const link = await documentOfLink(s, token, document);
  const pdf = link ? await file(link.ref) : null;
  if (!link || !pdf) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
  await link.markOpened();
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${pdf.filename}"`)
    .header('cache-control', 'private, max-age=3600')
    .header('x-robots-tag', 'noindex')
    .send(pdf.bytes);
}

/**
 * Counts one message to a typed address: the visitor's work budget (the captcha 429 over it), then the address's daily
 * limit of `kind` — over it, 422 with MAIL_LIMIT_MESSAGE on `field` and nothing is sent.
 */
export async function allowMail(s: Services, request: FastifyRequest, recipient: string, kind: MailKind, field: string): Promise<void> {
  await s.work.charge(request, 'mail');
  if (!(await takeMailAllowance(s.db, recipient, kind, s.config.mailPerRecipientPerDay, s.now()))) throw validationError({ [field]: MAIL_LIMIT_MESSAGE });
}
