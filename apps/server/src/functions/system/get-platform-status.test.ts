import { DEFAULT_MAINTENANCE, MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminConfig, featureFlags } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callFunction } from '#src/testing/call-function.ts';

describe('getPlatformStatus', () => {
  let t: TestApp;
  const status = async () => {
    const response = await callFunction(t.app, 'getPlatformStatus', null);
    expect(response.statusCode).toBe(200);
    return response.json().result;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.db.delete(adminConfig);
    await t.db.delete(featureFlags);
    t.app.featureFlags.invalidate();
  });
  afterAll(() => t?.close());

  it('answers the spec defaults when nothing is stored', async () => {
    expect(await status()).toEqual({
      maintenanceMode: false,
      maintenanceMessage: DEFAULT_MAINTENANCE.maintenanceMessage,
      allowSignups: true,
      signupsOpen: true,
      featureFlags: {
        websiteBuilder: false,
        affiliateProgram: true,
        advancedAnalytics: false,
        multiStore: true,
        customDomains: false,
      },
    });
  });

  it('answers the stored maintenance state and flags, defaults for flags not stored', async () => {
    await t.db.insert(adminConfig).values({
      maintenanceMode: true,
      maintenanceMessage: 'Back at noon.',
      allowSignups: true,
      enabledAt: new Date(),
    });
    await t.db.insert(featureFlags).values([
      { name: 'websiteBuilder', enabled: true },
      { name: 'affiliateProgram', enabled: false },
      { name: 'someRetiredFlag', enabled: true },
    ]);
    // Written behind the app's back: drop its cached flags as the NOTIFY of a real change would.
    t.app.featureFlags.invalidate();
    expect(await status()).toEqual({
      maintenanceMode: true,
      maintenanceMessage: 'Back at noon.',
      allowSignups: true,
      signupsOpen: false,
      featureFlags: {
        websiteBuilder: true,
        affiliateProgram: false,
        advancedAnalytics: false,
        multiStore: true,
        customDomains: false,
      },
    });
  });

  it('closes signups when allowSignups is off, even out of maintenance', async () => {
    await t.db.insert(adminConfig).values({ maintenanceMode: false, allowSignups: false });
    expect(await status()).toMatchObject({
      maintenanceMode: false,
      allowSignups: false,
      signupsOpen: false,
      maintenanceMessage: MESSAGES.screens.signupsNotOpen,
    });
  });

  it('keeps a single maintenance row', async () => {
    await t.db.insert(adminConfig).values({ maintenanceMode: true });
    await expect(t.db.insert(adminConfig).values({ id: 'second', maintenanceMode: false })).rejects.toThrow();
  });
});
