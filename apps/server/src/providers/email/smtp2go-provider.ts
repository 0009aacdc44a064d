import { z } from 'zod';
import { EmailSendError } from './email-send-error.ts';
import { retryAfterMs } from './retry-after.ts';
import type { EmailMessage, EmailProvider, SentEmail } from './types.ts';
import { SMTP2GO_DEFAULT_BASE_URL } from '#src/env/email-env.ts';

export { SMTP2GO_DEFAULT_BASE_URL };
export const SMTP2GO_DEFAULT_TIMEOUT_MS = 15_000;

export interface Smtp2goConfig {
  /** The master account key, or a sub-account key (see `forSubaccount`). */
  apiKey: string;
  /** Default sender, used when a message has no `from`; must be a verified smtp2go sender. */
  from: string;
  /** Regional endpoints exist (eu-api…); tests point this at a local stand-in. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
}

/**
 * The smtp2go HTTP API (`POST {baseUrl}/email/send`). One instance holds one API key.
 *
 * Per-store sending (the email issue) gives each store an smtp2go sub-account with its own API
 * key: the store's key lives in the database and the job sends with
 * `platformProvider.forSubaccount(store.smtp2goApiKey).send(message)`, which keeps the base URL,
 * fetch and timeout of the platform provider. The store's sender goes in `message.from`.
 */
export interface Smtp2goProvider extends EmailProvider {
  readonly name: 'smtp2go';
  forSubaccount(apiKey: string): Smtp2goProvider;
}

const ReplySchema = z.object({
  data: z
    .object({
      succeeded: z.number().optional(),
      failed: z.number().optional(),
      failures: z.array(z.unknown()).optional(),
      email_id: z.string().optional(),
      error: z.string().optional(),
      error_code: z.string().optional(),
    })
    .loose(),
});
type Reply = z.infer<typeof ReplySchema>;

export function createSmtp2goProvider(config: Smtp2goConfig): Smtp2goProvider {
  const baseUrl = (config.baseUrl ?? SMTP2GO_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? SMTP2GO_DEFAULT_TIMEOUT_MS;
  // API replies may echo what was sent; never let the key reach a log line through an error.
  const redact = (text: string) => text.replaceAll(config.apiKey, '[redacted]');
  const fail = (message: string, retryable: boolean, code: string, status?: number, cause?: unknown, retryAfter?: number) =>
    new EmailSendError(redact(`smtp2go send failed: ${message}`), { provider: 'smtp2go', retryable, code, status, cause, retryAfterMs: retryAfter });

  return {
    name: 'smtp2go',
    forSubaccount: (apiKey) => createSmtp2goProvider({ ...config, apiKey }),
    async send(message: EmailMessage): Promise<SentEmail> {
      let response: Response;
      let raw: string;
      try {
        response = await doFetch(`${baseUrl}/email/send`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Smtp2go-Api-Key': config.apiKey,
          },
          body: JSON.stringify(toRequestBody(message, config.from)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw fail(timedOut ? 'timed out' : describe(error), true, timedOut ? 'timeout' : 'network', undefined, error);
      }

      const reply = parseReply(raw);
      if (!response.ok) {
        const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
        const detail = reply?.data.error ?? (response.statusText || 'no detail');
        // A 429 (or 503) may say when to come back; the email job waits at least that long.
        const wait = retryable ? retryAfterMs(response.headers.get('retry-after')) : undefined;
        throw fail(`HTTP ${response.status}: ${detail}`, retryable, reply?.data.error_code ?? `http_${response.status}`, response.status, undefined, wait);
      }
      // A 2xx we cannot read most likely means "accepted": report sent rather than risk a resend.
      if (!reply) return { providerMessageId: null };
      const { succeeded, failed, failures } = reply.data;
      if ((failed ?? 0) > 0 || succeeded === 0) {
        throw fail(`recipient refused: ${JSON.stringify(failures ?? [])}`, false, 'recipient_failed', response.status);
      }
      return { providerMessageId: reply.data.email_id ?? null };
    },
  };
}

function toRequestBody(message: EmailMessage, defaultFrom: string) {
  const headers = { ...message.headers, ...(message.replyTo ? { 'Reply-To': message.replyTo } : {}) };
  const customHeaders = Object.entries(headers).map(([header, value]) => ({ header, value }));
  return {
    sender: message.from ?? defaultFrom,
    to: [message.to],
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    ...(customHeaders.length > 0 ? { custom_headers: customHeaders } : {}),
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((file) => ({ filename: file.filename, fileblob: Buffer.from(file.content, 'utf8').toString('base64'), mimetype: file.contentType })) }
      : {}),
  };
}

function parseReply(raw: string): Reply | null {
  try {
    const parsed = ReplySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
