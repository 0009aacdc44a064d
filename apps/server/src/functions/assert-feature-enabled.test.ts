import { defineFunction, PLATFORM_CONFIG_MESSAGES, type FeatureFlagName } from '@shopfront/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { assertFeatureEnabled } from './assert-feature-enabled.ts';
import { registerFunction } from './types.ts';

/** A stand-in for each flagged feature's functions: what they all call first. */
const flagged = (name: FeatureFlagName) =>
  registerFunction(
    defineFunction({ name: `testOnly_${name}`, access: 'creator', input: z.unknown(), output: z.object({ ok: z.literal(true) }) }),
    async (_input, ctx) => {
      await assertFeatureEnabled(ctx, name);
      return { ok: true as const };
    },
  );

const FLAGGED: FeatureFlagName[] = ['websiteBuilder', 'affiliateProgram', 'advancedAnalytics'];
let t: TestApp;
let admin: TestCreator;
let creator: TestCreator;

beforeAll(async () => {
  t = await createTestApp({ extraFunctions: FLAGGED.map(flagged) });
  admin = await signedInAdmin(t);
  creator = await signedInCreator(t);
});
afterAll(() => t?.close());

const setFlag = (name: FeatureFlagName, enabled: boolean) => callFunction(t.app, 'setFeatureFlag', { name, enabled, reason: 'test' }, { as: admin });

it.each(FLAGGED)('%s: its functions are refused while the flag is off and served while it is on', async (name) => {
  expect((await setFlag(name, false)).statusCode).toBe(200);
  const refused = await callFunction(t.app, `testOnly_${name}`, {}, { as: creator });
  expect(refused.statusCode).toBe(400);
  expect(errorOf(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: PLATFORM_CONFIG_MESSAGES.featureDisabled, details: { feature: name } });

  expect((await setFlag(name, true)).statusCode).toBe(200);
  expect((await callFunction(t.app, `testOnly_${name}`, {}, { as: creator })).json()).toEqual({ result: { ok: true } });
});
