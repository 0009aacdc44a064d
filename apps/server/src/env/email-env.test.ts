import { describe, expect, it } from 'vitest';
import { EmailEnvSchema } from './email-env.ts';

const messages = (env: Record<string, string>) => {
  const result = EmailEnvSchema.safeParse(env);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('EmailEnvSchema', () => {
  it('defaults to the outbox with the default sender', () => {
    expect(EmailEnvSchema.parse({})).toEqual({ provider: 'outbox', from: 'Shopfront <no-reply@localhost>' });
  });

  it('treats empty variables as unset', () => {
    expect(EmailEnvSchema.parse({ EMAIL_FROM: '', SMTP_PORT: '', SMTP_USER: '' })).toEqual({
      provider: 'outbox',
      from: 'Shopfront <no-reply@localhost>',
    });
  });

  it('refuses smtp without SMTP_HOST, saying which variable is missing', () => {
    expect(messages({ EMAIL_PROVIDER: 'smtp' })).toEqual(['SMTP_HOST: SMTP_HOST is required when EMAIL_PROVIDER=smtp']);
  });

  it('lists every bad variable at once', () => {
    expect(messages({ EMAIL_PROVIDER: 'smtp', SMTP_PORT: '70000', SMTP_SECURE: 'maybe' })).toEqual([
      'SMTP_PORT: SMTP_PORT must be 1–65535',
      'SMTP_SECURE: SMTP_SECURE must be true or false',
      'SMTP_HOST: SMTP_HOST is required when EMAIL_PROVIDER=smtp',
    ]);
  });

  it('accepts the edges of the port range and refuses just outside them', () => {
    const port = (value: string) => EmailEnvSchema.safeParse({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'mx', SMTP_PORT: value }).success;
    expect([port('0'), port('1'), port('65535'), port('65536'), port('25.5'), port('abc')]).toEqual([false, true, true, false, false, false]);
  });

  it('builds the smtp config: 587 with STARTTLS by default, implicit TLS on 465', () => {
    const base = { EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', EMAIL_FROM: 'Shop <shop@example.com>' };
    expect(EmailEnvSchema.parse(base)).toEqual({
      provider: 'smtp', from: 'Shop <shop@example.com>', host: 'smtp.example.com', port: 587, secure: false, user: undefined, pass: undefined,
    });
    expect(EmailEnvSchema.parse({ ...base, SMTP_PORT: '465' })).toMatchObject({ port: 465, secure: true });
    expect(EmailEnvSchema.parse({ ...base, SMTP_SECURE: 'true' })).toMatchObject({ port: 465, secure: true });
    expect(EmailEnvSchema.parse({ ...base, SMTP_PORT: '2525', SMTP_SECURE: 'false', SMTP_USER: 'u', SMTP_PASS: 'p' })).toMatchObject({
      port: 2525, secure: false, user: 'u', pass: 'p',
    });
  });

  it('needs SMTP_USER and SMTP_PASS together', () => {
    const base = { EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'mx' };
    expect(messages({ ...base, SMTP_USER: 'u' })).toEqual(['SMTP_PASS: SMTP_PASS is required when SMTP_USER is set']);
    expect(messages({ ...base, SMTP_PASS: 'p' })).toEqual(['SMTP_USER: SMTP_USER is required when SMTP_PASS is set']);
  });

  it('refuses smtp2go without SMTP2GO_API_KEY and defaults its base URL', () => {
    expect(messages({ EMAIL_PROVIDER: 'smtp2go' })).toEqual(['SMTP2GO_API_KEY: SMTP2GO_API_KEY is required when EMAIL_PROVIDER=smtp2go']);
    expect(EmailEnvSchema.parse({ EMAIL_PROVIDER: 'smtp2go', SMTP2GO_API_KEY: 'api-1' })).toEqual({
      provider: 'smtp2go', from: 'Shopfront <no-reply@localhost>', apiKey: 'api-1', baseUrl: 'https://api.smtp2go.com/v3',
    });
    expect(EmailEnvSchema.parse({ EMAIL_PROVIDER: 'smtp2go', SMTP2GO_API_KEY: 'k', SMTP2GO_BASE_URL: 'https://eu-api.smtp2go.com/v3' })).toMatchObject({
      baseUrl: 'https://eu-api.smtp2go.com/v3',
    });
    expect(messages({ EMAIL_PROVIDER: 'smtp2go', SMTP2GO_API_KEY: 'k', SMTP2GO_BASE_URL: 'ftp://x' })).toEqual([
      'SMTP2GO_BASE_URL: SMTP2GO_BASE_URL must be an http(s) URL',
    ]);
  });

  it('refuses an unknown provider and a malformed sender', () => {
    expect(messages({ EMAIL_PROVIDER: 'sendgrid' })).toEqual(['EMAIL_PROVIDER: EMAIL_PROVIDER must be one of: outbox, smtp, smtp2go']);
    expect(messages({ EMAIL_FROM: 'Shopfront' })).toEqual(['EMAIL_FROM: EMAIL_FROM must look like "Shopfront <no-reply@example.com>"']);
    expect(messages({ EMAIL_FROM: 'no-reply@example.com' })).toEqual([]);
  });
});
