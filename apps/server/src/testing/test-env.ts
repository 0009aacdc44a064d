import { tmpdir } from 'node:os';
import { parseEnv, type Env } from '../env.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_ALLOWED_ORIGIN = 'https://app.example.com';

/** A parsed test environment; pass raw variables to override (as an operator would). */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-only-app-secret-0123456789abcdef',
    DATA_DIR: tmpdir(),
    PUBLIC_URL: TEST_PUBLIC_URL,
    CORS_ORIGINS: `${TEST_PUBLIC_URL},${TEST_ALLOWED_ORIGIN}`,
    // Every test calls from one address; the checkout throttle's own tests set the real numbers.
    CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000000',
    ...overrides,
  });
}
