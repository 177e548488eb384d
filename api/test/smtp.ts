/** A real SMTP server for the tests that send e-mail over SMTP_URL. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The recipients, comma-separated. */
  to: string;
  /** The raw message. */
  data: string;
}

/** Listens on a free local port and keeps every message it receives (`received`, in order); `close` it after. */
export async function startSmtpServer(options: { size?: number } = {}): Promise<{ received: ReceivedMail[]; url: string; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, ...options,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => { data += chunk.toString(); });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
