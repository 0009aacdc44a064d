import { defineFunction } from '@shopfront/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerFunction } from '../functions/types.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testEnv } from '../testing/test-env.ts';
import { callFunction } from '../testing/call-function.ts';

const whoAmI = registerFunction(
  defineFunction({ name: 'testOnlyClientIp', access: 'public', input: z.unknown(), output: z.string() }),
  (_input, ctx) => ctx.request.ip,
);

describe('TRUST_PROXY (SECURITY: only configured proxies are believed)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const clientIp = async (app: TestApp) =>
    (await callFunction(app.app, 'testOnlyClientIp', null, { headers: { 'x-forwarded-for': '203.0.113.7' } })).json().result;

  it('ignores X-Forwarded-For when no proxy is configured', async () => {
    t = await createTestApp({ extraFunctions: [whoAmI] });
    expect(await clientIp(t)).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    t = await createTestApp({ env: { ...testEnv(), trustProxy: ['127.0.0.1'] }, extraFunctions: [whoAmI] });
    expect(await clientIp(t)).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    t = await createTestApp({ env: { ...testEnv(), trustProxy: ['10.0.0.0/8'] }, extraFunctions: [whoAmI] });
    expect(await clientIp(t)).toBe('127.0.0.1');
  });
});
