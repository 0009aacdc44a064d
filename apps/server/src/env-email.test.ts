import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source, '/srv');
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseEnv: email variables', () => {
  it('chooses the outbox by default and smtp when configured', () => {
    expect(parseEnv({}, '/srv').email).toEqual({ provider: 'outbox', from: 'Shopfront <no-reply@localhost>' });
    expect(parseEnv({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'mx.example.com', EMAIL_FROM: 'Shop <s@example.com>' }, '/srv').email).toEqual({
      provider: 'smtp', from: 'Shop <s@example.com>', host: 'mx.example.com', port: 587, secure: false, user: undefined, pass: undefined,
    });
  });

  it('lists bad email variables together with the other bad variables', () => {
    expect(problemsOf({ PORT: 'eighty', EMAIL_PROVIDER: 'smtp', SMTP_PORT: '70000', SMTP_USER: 'mailer' })).toEqual([
      'PORT: Invalid input: expected number, received NaN',
      'SMTP_PORT: SMTP_PORT must be 1–65535',
      'SMTP_HOST: SMTP_HOST is required when EMAIL_PROVIDER=smtp',
      'SMTP_PASS: SMTP_PASS is required when SMTP_USER is set',
    ]);
  });

  it('reports the cross-variable rule even when every single variable is valid', () => {
    expect(problemsOf({ EMAIL_PROVIDER: 'smtp2go' })).toEqual(['SMTP2GO_API_KEY: SMTP2GO_API_KEY is required when EMAIL_PROVIDER=smtp2go']);
    expect(problemsOf({ EMAIL_PROVIDER: 'smtp2go', SMTP2GO_API_KEY: 'api-1' })).toEqual([]);
  });

  it('honours the crash drills\' AUTOMATION_DRILL_HOLD only with NODE_ENV=test', () => {
    expect(parseEnv({ NODE_ENV: 'test', AUTOMATION_DRILL_HOLD: 'after-accept' }, '/srv').emailCampaigns.drillHold).toBe('after-accept');
    expect(parseEnv({ NODE_ENV: 'production', AUTOMATION_DRILL_HOLD: 'after-accept', APP_SECRET: 'x'.repeat(32) }, '/srv').emailCampaigns.drillHold).toBeUndefined();
    expect(parseEnv({ AUTOMATION_DRILL_HOLD: 'after-mark' }, '/srv').emailCampaigns.drillHold).toBeUndefined();
    expect(problemsOf({ AUTOMATION_DRILL_HOLD: 'somewhere' })[0]).toMatch(/^AUTOMATION_DRILL_HOLD:/);
  });
});
