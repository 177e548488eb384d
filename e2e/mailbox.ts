/**
 * A real SMTP server for the suites (the API sends e-mail through it: SMTP_URL), keeping every message it receives as
 * one JSON line in a file the tests read: `{ to, subject, text, attachments }` with the plain-text part decoded and
 * each attachment's name, type and bytes (base64).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The file, in the run's folder (E2E_TMP). */
export const MAILBOX_FILE = 'mailbox.jsonl';

export interface MailAttachment { filename: string; contentType: string; /** The bytes, base64. */ content: string }
export interface MailMessage { to: string; subject: string; text: string; attachments: MailAttachment[] }

function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text/plain part of a MIME message (or its only body), decoded. */
export function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '7bit';
    return decode(part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]*--\s*$/, ''), encoding);
  }
  return raw;
}

/**
 * The attachments of a MIME message: every part with `Content-Disposition: attachment`, its bytes as base64 (the
 * transfer encoding nodemailer uses for binary parts; any other is read as bytes).
 */
export function attachmentsOf(raw: string): MailAttachment[] {
  const found: MailAttachment[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-disposition:\s*attachment/i.test(head)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
    const contentType = (/content-type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream').trim().toLowerCase();
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const base64 = /content-transfer-encoding:\s*base64/i.test(head) ? body.replace(/\s+/g, '') : Buffer.from(body, 'latin1').toString('base64');
    found.push({ filename, contentType, content: base64 });
  }
  return found;
}

function subjectOf(raw: string): string {
  const header = /^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  // RFC 2047 encoded words (non-ASCII subjects). Whitespace between adjacent encoded words is not part of the text,
  // and a character's bytes may be split across two words: a run of words is joined as bytes, then decoded.
  const word = /=\?utf-8\?([BQ])\?([^?]*)\?=/gi;
  const bytesOf = (kind: string, text: string) => (kind.toUpperCase() === 'B'
    ? Buffer.from(text, 'base64')
    : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1'));
  return header.replace(/\r?\n[ \t]/g, ' ').replace(/(?:=\?utf-8\?[BQ]\?[^?]*\?=\s*)+/gi, (run) => {
    const parts = [...run.matchAll(word)].map((m) => bytesOf(m[1]!, m[2]!));
    const trailing = /\s*$/.exec(run)![0];
    return Buffer.concat(parts).toString('utf8') + trailing;
  });
}

export async function startMailbox(file: string): Promise<{ port: number; close: () => Promise<void> }> {
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      // Decoded once at the end: a character split across two chunks stays whole.
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => { chunks.push(chunk); });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: MailMessage = { to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: subjectOf(raw), text: plainText(raw), attachments: attachmentsOf(raw) };
        appendFileSync(file, `${JSON.stringify(message)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The messages one address received, newest first. */
export function mailTo(file: string, to: string): MailMessage[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as MailMessage).filter((m) => m.to.toLowerCase() === to.toLowerCase()).reverse();
}
