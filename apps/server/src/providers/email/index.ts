export * from './types.ts';
export { EmailSendError, type EmailSendErrorOptions } from './email-send-error.ts';
export { createOutboxProvider, type OutboxConfig, type SaveToOutbox } from './outbox-provider.ts';
export {
  createSmtpProvider, DEFAULT_SMTP_TIMEOUTS, isRetryableSmtpError, type SmtpConfig, type SmtpProvider, type SmtpTimeouts,
} from './smtp-provider.ts';
export {
  createSmtp2goProvider, SMTP2GO_DEFAULT_BASE_URL, SMTP2GO_DEFAULT_TIMEOUT_MS, type Smtp2goConfig, type Smtp2goProvider,
} from './smtp2go-provider.ts';
export {
  checkEmailEnv, DEFAULT_EMAIL_FROM, EMAIL_ENV_SHAPE, emailConfigFromEnv, EmailEnvSchema, type EmailConfig, type EmailEnv,
} from '#src/env/email-env.ts';
export { emailProviderFromConfig, type EmailProviderDeps } from './select-provider.ts';
export * from './templates/index.ts';
