import { MIRRORED_READ_FUNCTIONS } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_ALLOWED_ORIGIN } from '#src/testing/test-env.ts';

/** A page on another region's origin (or any other site): not in CORS_ORIGINS. */
const FOREIGN_ORIGIN = 'http://localhost:3102';

describe('CORS of the mirrored store reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it.each(MIRRORED_READ_FUNCTIONS)('lets any origin preflight %s, without credentials', async (name) => {
    const response = await preflight(`/fn/${name}`, FOREIGN_ORIGIN);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).split(/,\s*/)).toContain('content-type');
  });

  it('answers a lookupStore call from a foreign origin, readable by that page', async () => {
    const response = await callFunction(t.app, 'lookupStore', { by: 'slug', slug: 'no-such-store' }, { headers: { origin: FOREIGN_ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: null });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps the credentialed policy for a trusted origin on the same reads', async () => {
    const response = await preflight('/fn/lookupStore', TEST_ALLOWED_ORIGIN);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_ALLOWED_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('still refuses a foreign origin on a creator function, preflight and call', async () => {
    const response = await preflight('/fn/createStoreWithTenant', FOREIGN_ORIGIN);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();

    const call = await callFunction(t.app, 'createStoreWithTenant', {}, { headers: { origin: FOREIGN_ORIGIN } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens only the exact function paths, not look-alikes or the firebase SDK route', async () => {
    for (const url of ['/fn/lookupStores', '/fn/lookupStore/x', '/demo-project/us-central1/lookupStore']) {
      const response = await preflight(url, FOREIGN_ORIGIN);
      expect({ url, allowOrigin: response.headers['access-control-allow-origin'] }).toEqual({ url, allowOrigin: undefined });
    }
    const withQuery = await preflight('/fn/lookupStore?v=1', FOREIGN_ORIGIN);
    expect(withQuery.headers['access-control-allow-origin']).toBe('*');
  });
});
