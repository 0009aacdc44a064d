import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { createSmtpProvider } from '#src/providers/email/smtp-provider.ts';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  user: unknown;
  raw: string;
}

export interface SmtpTestServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP error as smtp-server sends it: `responseCode` becomes the reply code. */
export function smtpReply(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** A real SMTP server on loopback (random port, plain text, no STARTTLS). */
export async function startSmtpTestServer(options: SMTPServerOptions = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  // A client killed mid-session (the crash drills) resets its connection: not the sink's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One recipient of a message a header sink accepted. */
export interface AcceptedHeaders {
  to: string;
  messageId: string;
  subject: string;
  /** The message's `Resend-Idempotency-Key` header, '' without one. */
  idempotencyKey: string;
}

export interface HeaderSink extends SmtpTestServer {
  /** Messages accepted since the last `resetCounts()`, and when the first and last were (performance.now()). */
  counts: { accepted: number; firstAt: number; lastAt: number };
  resetCounts(): void;
}

/**
 * A sink for volume tests and crash drills: keeps only the first 16 KB of each message (its
 * headers), never the bodies, counts the messages it accepted with their times, and calls
 * `onAccepted` once per envelope recipient.
 */
export async function startHeaderSink(onAccepted: (message: AcceptedHeaders) => void = () => undefined): Promise<HeaderSink> {
  const counts = { accepted: 0, firstAt: 0, lastAt: 0 };
  const server = await startSmtpTestServer({
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 16_384) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        counts.accepted += 1;
        counts.lastAt = performance.now();
        counts.firstAt ||= counts.lastAt;
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '';
        const subject = /^Subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
        const idempotencyKey = /^Resend-Idempotency-Key:\s*(\S+)/im.exec(head)?.[1] ?? '';
        for (const to of session.envelope.rcptTo) onAccepted({ to: to.address, messageId, subject, idempotencyKey });
        callback();
      });
    },
  });
  return { ...server, counts, resetCounts: () => Object.assign(counts, { accepted: 0, firstAt: 0, lastAt: 0 }) };
}

/**
 * Messages/s of nodemailer alone into the sink (8 pooled connections, 32 messages in flight), no
 * database or queue: the SMTP ceiling of this machine that the senders' benches compare with.
 */
export async function nodemailerRate(sink: HeaderSink, count: number): Promise<number> {
  const smtp = createSmtpProvider({ host: '127.0.0.1', port: sink.port, secure: false, from: 'Bench <news@shopfront.test>', pooledConnections: 8 });
  sink.resetCounts();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      await smtp.send({ to: `ref${n}@reference.example.com`, subject: 'Reference', text: 'Hello', html: '<p>Hello</p>' });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  smtp.close();
  return count / ((sink.counts.lastAt - sink.counts.firstAt) / 1000);
}
