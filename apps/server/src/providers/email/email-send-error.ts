import type { EmailProviderName } from './types.ts';

export interface EmailSendErrorOptions {
  provider: EmailProviderName;
  /** True when the same message may be accepted later (network, timeouts, 4xx SMTP, HTTP 429/5xx). */
  retryable: boolean;
  /** Machine-readable cause: a nodemailer code (`EENVELOPE`), `http_<status>` or a provider code. */
  code?: string | undefined;
  /** The SMTP reply code or HTTP status, when there was one. */
  status?: number | undefined;
  /** How long the provider asked us to wait before the next try (HTTP 429/503 `Retry-After`). */
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/**
 * The only error a provider throws. Its message never contains credentials; it may contain the
 * provider's reply (which can name the recipient address).
 */
export class EmailSendError extends Error {
  override readonly name = 'EmailSendError';
  readonly provider: EmailProviderName;
  readonly retryable: boolean;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: EmailSendErrorOptions) {
    super(message, { cause: options.cause });
    this.provider = options.provider;
    this.retryable = options.retryable;
    this.code = options.code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}
