import type { ConnectionOptions } from 'node:tls';
import nodemailer from 'nodemailer';
import { EmailSendError } from './email-send-error.ts';
import type { EmailMessage, EmailProvider, SentEmail } from './types.ts';

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465). With `false`, STARTTLS is still used when offered. */
  secure: boolean;
  user?: string | undefined;
  pass?: string | undefined;
  /** Default sender, used when a message has no `from`. */
  from: string;
  /** Refuse to send unless the server upgrades with STARTTLS. */
  requireTLS?: boolean | undefined;
  tls?: ConnectionOptions | undefined;
  timeouts?: Partial<SmtpTimeouts> | undefined;
  /**
   * Keep up to this many connections open and reuse them (campaign sending); unset: one
   * connection per message, as for the occasional identity email.
   */
  pooledConnections?: number | undefined;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  /** Inactivity on an open connection. */
  socketMs: number;
}

/** Short enough that a dead server frees the email job quickly; the job retries later. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

export interface SmtpProvider extends EmailProvider {
  readonly name: 'smtp';
  verify(): Promise<void>;
  /** Releases the transport (idle connections) on shutdown. */
  close(): void;
}

export function createSmtpProvider(config: SmtpConfig): SmtpProvider {
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...config.timeouts };
  const pool = config.pooledConnections === undefined ? {} : { pool: true as const, maxConnections: config.pooledConnections, maxMessages: Infinity };
  const transport = nodemailer.createTransport({
    ...pool,
    host: config.host,
    port: config.port,
    secure: config.secure,
    requireTLS: config.requireTLS,
    tls: config.tls,
    auth: config.user ? { user: config.user, pass: config.pass ?? '' } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    // Messages are fully rendered strings; never let a header or part pull in a file or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    name: 'smtp',
    async send(message: EmailMessage): Promise<SentEmail> {
      try {
        const info = await transport.sendMail({
          from: message.from ?? config.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          attachments: message.attachments?.map((file) => ({ filename: file.filename, content: file.content, contentType: withCharset(file.contentType) })),
        });
        return { providerMessageId: info.messageId || null };
      } catch (error) {
        throw toEmailSendError(error, 'SMTP send failed');
      }
    },
    async verify(): Promise<void> {
      try {
        await transport.verify();
      } catch (error) {
        throw toEmailSendError(error, 'SMTP verify failed');
      }
    },
    close(): void {
      transport.close();
    },
  };
}

/** Attachments are UTF-8 text; say so unless the type already does. */
function withCharset(contentType: string): string {
  return /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;
}

interface SmtpErrorLike {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
}

/**
 * Errors raised before any server reply that retrying the same message cannot fix: a bad
 * config, no usable credentials, an address nodemailer itself refuses.
 */
const PERMANENT_LOCAL_CODES = new Set([
  'ECONFIG', 'EENVELOPE', 'EMESSAGE', 'EAUTH', 'ENOAUTH', 'EREQUIRETLS', 'EMAXRECIPIENTS', 'EOTP',
  'EFILEACCESS', 'EURLACCESS',
]);

/**
 * RFC 5321 §4.2.1: 4yz replies are transient, 5yz permanent, except 503 (bad sequence), which a
 * new connection can clear. Without a reply (refused, reset, timed out) the server never judged
 * the message, so it is worth another try.
 */
export function isRetryableSmtpError(error: SmtpErrorLike): boolean {
  const reply = typeof error.responseCode === 'number' ? error.responseCode : undefined;
  if (reply !== undefined) return !(reply >= 500 && reply < 600 && reply !== 503);
  return !(typeof error.code === 'string' && PERMANENT_LOCAL_CODES.has(error.code));
}

function toEmailSendError(error: unknown, prefix: string): EmailSendError {
  const e: SmtpErrorLike = typeof error === 'object' && error !== null ? error : {};
  const detail = typeof e.message === 'string' ? e.message : String(error);
  return new EmailSendError(`${prefix}: ${detail}`, {
    provider: 'smtp',
    retryable: isRetryableSmtpError(e),
    code: typeof e.code === 'string' ? e.code : undefined,
    status: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    cause: error,
  });
}
