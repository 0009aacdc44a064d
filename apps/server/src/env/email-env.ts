import { z } from 'zod';

export const EMAIL_PROVIDER_NAMES = ['outbox', 'smtp', 'smtp2go'] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDER_NAMES)[number];

export const SMTP2GO_DEFAULT_BASE_URL = 'https://api.smtp2go.com/v3';

export const DEFAULT_EMAIL_FROM = 'Shopfront <no-reply@localhost>';

/** `VAR=` in a compose file or .env means "not set", not "set to nothing". */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

// `Name <a@b>` or `a@b`; nodemailer and smtp2go both accept these two forms.
const SENDER_PATTERN = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * The raw variables, for merging into the server's env schema
 * (`z.object({ ...rest, ...EMAIL_ENV_SHAPE }).superRefine(checkEmailEnv, { when: () => true })`).
 */
export const EMAIL_ENV_SHAPE = {
  EMAIL_PROVIDER: z
    .enum(EMAIL_PROVIDER_NAMES, { error: `EMAIL_PROVIDER must be one of: ${EMAIL_PROVIDER_NAMES.join(', ')}` })
    .default('outbox'),
  EMAIL_FROM: unsetIfEmpty(
    z.string().trim().regex(SENDER_PATTERN, 'EMAIL_FROM must look like "Shopfront <no-reply@example.com>"'),
  ),
  SMTP_HOST: unsetIfEmpty(z.string().trim().min(1)),
  SMTP_PORT: unsetIfEmpty(
    z.coerce.number({ error: 'SMTP_PORT must be a port number' }).int().min(1, 'SMTP_PORT must be 1–65535').max(65535, 'SMTP_PORT must be 1–65535'),
  ),
  // Not z.stringbool(): its failure aborts the object, hiding the cross-variable errors.
  SMTP_SECURE: unsetIfEmpty(
    z.enum(['true', 'false', '1', '0'], { error: 'SMTP_SECURE must be true or false' }).transform((v) => v === 'true' || v === '1'),
  ),
  SMTP_USER: unsetIfEmpty(z.string()),
  SMTP_PASS: unsetIfEmpty(z.string()),
  SMTP2GO_API_KEY: unsetIfEmpty(z.string().trim().min(1)),
  SMTP2GO_BASE_URL: unsetIfEmpty(
    z.url({ protocol: /^https?$/, error: 'SMTP2GO_BASE_URL must be an http(s) URL' }),
  ),
};

export type EmailEnv = z.output<z.ZodObject<typeof EMAIL_ENV_SHAPE>>;

/**
 * Cross-variable rules. Pass `{ when: () => true }` so they are reported together with any
 * single-variable error (CONVENTIONS rule 6: list every bad variable at once).
 */
export function checkEmailEnv(env: Partial<EmailEnv>, ctx: z.RefinementCtx): void {
  const need = (name: keyof EmailEnv, why: string) => {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required ${why}` });
  };
  if (env.EMAIL_PROVIDER === 'smtp') need('SMTP_HOST', 'when EMAIL_PROVIDER=smtp');
  if (env.EMAIL_PROVIDER === 'smtp2go') need('SMTP2GO_API_KEY', 'when EMAIL_PROVIDER=smtp2go');
  if (env.SMTP_USER !== undefined) need('SMTP_PASS', 'when SMTP_USER is set');
  if (env.SMTP_PASS !== undefined) need('SMTP_USER', 'when SMTP_PASS is set');
}

export type EmailConfig =
  | { provider: 'outbox'; from: string }
  | {
      provider: 'smtp';
      from: string;
      host: string;
      port: number;
      secure: boolean;
      user?: string | undefined;
      pass?: string | undefined;
    }
  | { provider: 'smtp2go'; from: string; apiKey: string; baseUrl: string };

/** Turns env already checked by `checkEmailEnv` into the config of the chosen provider. */
export function emailConfigFromEnv(env: EmailEnv): EmailConfig {
  const from = env.EMAIL_FROM ?? DEFAULT_EMAIL_FROM;
  switch (env.EMAIL_PROVIDER) {
    case 'outbox':
      return { provider: 'outbox', from };
    case 'smtp': {
      // Port 465 is implicit TLS; 587 and 25 upgrade with STARTTLS when offered.
      const secure = env.SMTP_SECURE ?? env.SMTP_PORT === 465;
      const port = env.SMTP_PORT ?? (secure ? 465 : 587);
      const host = required(env.SMTP_HOST, 'SMTP_HOST');
      return { provider: 'smtp', from, host, port, secure, user: env.SMTP_USER, pass: env.SMTP_PASS };
    }
    case 'smtp2go':
      return {
        provider: 'smtp2go',
        from,
        apiKey: required(env.SMTP2GO_API_KEY, 'SMTP2GO_API_KEY'),
        baseUrl: env.SMTP2GO_BASE_URL ?? SMTP2GO_DEFAULT_BASE_URL,
      };
  }
}

function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
}

/** Validates the email variables of an env record and yields the chosen provider's config. */
export const EmailEnvSchema = z
  .object(EMAIL_ENV_SHAPE)
  .superRefine(checkEmailEnv, { when: () => true })
  .transform(emailConfigFromEnv);
