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
 *
 * A failed delivery is tried again after 2, 15 and 60 s (RETRY_DELAYS_MS; a code lives 10 minutes, so the last try
 * still brings a working one), then the row says `failed`. Closing the service ends the waits: what is still failing
 * is marked failed then, never left `queued`. Rows older than KEEP_DAYS are deleted, at most once an hour.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { Db } from '../db';
import { insertOutboxRow, setOutboxOutcome, sweepOutbox } from '../db/queries/outbox';
import type { ClaimedOutboxRow } from '../db/queries/cluster';
import type { OutboxClaims } from '../cluster/outbox-claims';

interface Attachment {
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
/** Waits before the second, third and fourth try of a failed delivery. */
const RETRY_DELAYS_MS: readonly number[] = [2_000, 15_000, 60_000];
/** Messages are kept this long (what was sent to whom, for support), then deleted. */
const KEEP_DAYS = 30;
const SWEEP_EVERY_MS = 3_600_000;
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
  /** Wakes the deliveries waiting to try again (closing). */
  private readonly waits = new Set<() => void>();
  private closing = false;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly providers: MessageProviders,
    private readonly options: {
      now: () => number; log: FastifyBaseLogger; timeoutMs?: number; retryDelaysMs?: readonly number[];
      /** Deliveries claimed in the database (several processes on PostgreSQL: api/src/cluster/outbox-claims.ts). */
      claims?: OutboxClaims;
    },
  ) {}

  /** Starts looking for messages another process left undelivered (with claims only; Services.start). */
  async start(): Promise<void> {
    await this.options.claims?.start((row) => this.resume(row));
  }

  /** One look for messages another process left (tests; the claims' timer does it every 10 s): how many this one took. */
  async pollStranded(): Promise<number> {
    return (await this.options.claims?.poll((row) => this.resume(row)))?.length ?? 0;
  }

  /** Delivers a message claimed from the table (its writer died on the way). */
  private resume(row: ClaimedOutboxRow): void {
    const provider = this.providers[row.channel as CodeSender];
    if (!provider) return;
    const message: OutgoingMessage = {
      channel: row.channel as CodeSender, recipient: row.recipient, subject: row.subject, text: row.text, html: row.html,
      ...(row.attachments ? { attachments: JSON.parse(row.attachments) as Attachment[] } : {}),
    };
    const delivery = this.deliver(row.id, provider, message);
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Whether messages of a channel leave the service (otherwise they are kept in the outbox). */
  delivers(channel: CodeSender): boolean {
    return Boolean(this.providers[channel]);
  }

  /** Writes the message to the outbox and starts its delivery; resolves with its id once it is written. */
  async send(message: OutgoingMessage): Promise<number> {
    const provider = this.providers[message.channel];
    // With claims, the row is written claimed by this process (its writer), so no other one delivers it too.
    const id = await insertOutboxRow(this.db, {
      channel: message.channel, recipient: message.recipient, subject: message.subject, text: message.text, html: message.html ?? null,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null, status: provider ? 'queued' : 'kept',
    }, new Date(this.options.now()), provider && this.options.claims ? this.options.claims.writersClaim() : null);
    if (provider) {
      const delivery = this.deliver(id, provider, message);
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
    await this.sweep();
    return id;
  }

  /** Resolves once every delivery under way has ended (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Closing the service: no more tries; resolves once every delivery has its outcome written. */
  async close(): Promise<void> {
    this.closing = true;
    await this.options.claims?.stop();
    for (const wake of this.waits) wake();
    await this.idle();
  }

  /** Waits before another try; false when the service closes meanwhile. */
  private wait(ms: number): Promise<boolean> {
    if (this.closing) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waits.delete(wake);
        resolve(!this.closing);
      };
      const timer = setTimeout(wake, ms);
      this.waits.add(wake);
    });
  }

  private async deliver(id: number, provider: MessageProvider, message: OutgoingMessage): Promise<void> {
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    let error: string | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        await withTimeout(provider.send(message), this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
        error = null;
        break;
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'Failed';
        // The message id and channel only: the text carries a code.
        this.options.log.warn({ outboxId: id, channel: message.channel, attempt: attempt + 1, error }, 'message not delivered');
        if (attempt >= delays.length || !(await this.wait(delays[attempt]!))) break;
      }
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

  /** Deletes messages older than KEEP_DAYS, at most once an hour; a failure is logged, never the caller's. */
  private async sweep(): Promise<void> {
    const now = this.options.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    try {
      await sweepOutbox(this.db, new Date(now - KEEP_DAYS * 86_400_000));
    } catch (err) {
      this.options.log.error({ err }, 'outbox not swept');
    }
  }
}
