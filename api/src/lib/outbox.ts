/**
 * The outbox: every message the service sends (e-mail, SMS, messengers) is written to the `outbox` table first, then
 * handed to the provider of its channel in the background, so a call never waits on a mail server and a failing
 * one never fails the call (the row says `failed` with the error).
 *
 * - e-mail: SMTP through nodemailer when SMTP_URL is set;
 * - SMS and messengers: a `MessageProvider` per channel (none by default);
 * - a channel without a provider keeps the message (`kept`): developers read it on the outbox page (DEV_MODE).
 *
 * Once a message is sent (or has failed) the secrets it carried (codes, link tokens) are taken out of the stored text,
 * so the table does not hold working codes; a kept message keeps them (that is how a developer signs in locally).
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { Db } from '../db';
import { insertOutboxRow, setOutboxOutcome } from '../db/queries/outbox';

export interface Attachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
}

export interface OutgoingMessage {
  channel: CodeSender;
  /** An e-mail address or a phone ('+digits'). */
  recipient: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: Attachment[];
  /** Values to take out of the stored text once the message has left (codes, link tokens). */
  secrets?: string[];
}

/** Delivers a message through one channel; throws when it could not. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

export type MessageProviders = Partial<Record<CodeSender, MessageProvider>>;

/** A provider that answers later than this has failed (the row says so); the message may still arrive. */
const DELIVERY_TIMEOUT_MS = 30_000;
const REDACTED = '•••••';

/** E-mail over SMTP (nodemailer). Connection and greeting time out early: the outbox row says `failed`, not `queued` forever. */
export function smtpProvider(url: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from });
  return {
    async send(message) {
      await transport.sendMail({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: 'base64' })) }
          : {}),
      });
    },
  };
}

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret ? out.split(secret).join(REDACTED) : out), text);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class Outbox {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly providers: MessageProviders,
    private readonly options: { now: () => number; log: FastifyBaseLogger; timeoutMs?: number },
  ) {}

  /** Whether messages of a channel leave the service (otherwise they are kept in the outbox). */
  delivers(channel: CodeSender): boolean {
    return Boolean(this.providers[channel]);
  }

  /** Writes the message to the outbox and starts its delivery; resolves with its id once it is written. */
  async send(message: OutgoingMessage): Promise<number> {
    const provider = this.providers[message.channel];
    const id = await insertOutboxRow(this.db, {
      channel: message.channel, recipient: message.recipient, subject: message.subject, text: message.text, html: message.html ?? null,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null, status: provider ? 'queued' : 'kept',
    }, new Date(this.options.now()));
    if (provider) {
      const delivery = this.deliver(id, provider, message);
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
    return id;
  }

  /** Resolves once every delivery under way has ended (tests; closing the server). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(id: number, provider: MessageProvider, message: OutgoingMessage): Promise<void> {
    let error: string | null = null;
    try {
      await withTimeout(provider.send(message), this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'Failed';
      // The message id and channel only: the text carries a code.
      this.options.log.warn({ outboxId: id, channel: message.channel, error }, 'message not delivered');
    }
    const secrets = message.secrets ?? [];
    try {
      await setOutboxOutcome(this.db, id, {
        status: error ? 'failed' : 'sent', error, sentAt: error ? null : new Date(this.options.now()),
        text: redact(message.text, secrets), html: message.html ? redact(message.html, secrets) : null,
      });
    } catch (err) {
      this.options.log.error({ outboxId: id, err }, 'outbox row not updated');
    }
  }
}
