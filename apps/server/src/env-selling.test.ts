import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_CLIENT_ID: 'ca_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source, '/srv');
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('payments and file storage settings', () => {
  it('turns Stripe Connect on only with all three values, with a fee and Stripe’s own URLs by default', () => {
    expect(parseEnv(STRIPE, '/srv').payments.stripe).toEqual({
      secretKey: 'sk_test_x',
      clientId: 'ca_x',
      webhookSecret: 'whsec_x',
      platformFeePercent: null,
      apiUrl: null,
      connectUrl: 'https://connect.stripe.com/oauth/authorize',
    });
    expect(problems({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_CLIENT_ID: STRIPE_CLIENT_ID is required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    ]);
  });

  it('keeps the platform fee between 0 and 50 percent', () => {
    expect(parseEnv({ ...STRIPE, STRIPE_PLATFORM_FEE_PERCENT: '50' }, '/srv').payments.stripe?.platformFeePercent).toBe(50);
    expect(problems({ ...STRIPE, STRIPE_PLATFORM_FEE_PERCENT: '50.5' })).toHaveLength(1);
    expect(problems({ ...STRIPE, STRIPE_PLATFORM_FEE_PERCENT: '-1' })).toHaveLength(1);
  });

  it('runs the test provider outside production, and in production only when TEST_PAYMENTS=on', () => {
    expect(parseEnv({}, '/srv').payments.testProviderEnabled).toBe(true);
    expect(parseEnv({ TEST_PAYMENTS: 'off' }, '/srv').payments.testProviderEnabled).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }, '/srv').payments.testProviderEnabled).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', TEST_PAYMENTS: 'on' }, '/srv').payments.testProviderEnabled).toBe(true);
    expect(problems({ TEST_PAYMENTS: 'yes' })).toHaveLength(1);
  });

  it('uses S3 only when FILE_STORAGE=s3 names a bucket, region and keys', () => {
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(parseEnv({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }, '/srv').storage).toEqual({
      kind: 's3',
      s3: { bucket: 'files', region: 'auto', endpoint: 'http://127.0.0.1:9000', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true },
      productFileMaxBytes: 512 * 1024 * 1024,
    });
    expect(problems({ FILE_STORAGE: 's3', S3_BUCKET: 'files' })).toEqual([
      'S3_REGION: S3_REGION is required when FILE_STORAGE=s3',
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when FILE_STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when FILE_STORAGE=s3',
    ]);
  });

  it('bounds the product file size limit', () => {
    expect(parseEnv({ PRODUCT_FILE_MAX_BYTES: '1024' }, '/srv').storage.productFileMaxBytes).toBe(1024);
    expect(problems({ PRODUCT_FILE_MAX_BYTES: '1023' })).toHaveLength(1);
    expect(problems({ PRODUCT_FILE_MAX_BYTES: String(5 * 1024 ** 3 + 1) })).toHaveLength(1);
  });
});
