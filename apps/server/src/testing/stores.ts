import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreProfile } from '@shopfront/core';
import { featureFlags } from '../db/schema/index.ts';
import { callFunction } from './call-function.ts';
import { signedInCreator, type TestCreator } from './creators.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { testEnv } from './test-env.ts';

/** A store made through the front door; returns its result. */
export async function createStoreAs(t: TestApp, who: TestCreator, slug: string, extra: Record<string, unknown> = {}) {
  const response = await callFunction(t.app, 'createStoreWithTenant', { storeName: `Store ${slug}`, slug, ...extra }, { as: who });
  if (response.statusCode !== 200) throw new Error(`createStoreWithTenant failed: ${response.body}`);
  return response.json().result as { id: string; slug: string; tenantId: string; name: string };
}

/** Writes a flag straight to the database and drops the app's cached flags, as its NOTIFY would. */
export async function setFlag(t: TestApp, name: string, enabled: boolean): Promise<void> {
  await t.db.insert(featureFlags).values({ name, enabled }).onConflictDoUpdate({ target: featureFlags.name, set: { enabled } });
  t.app.featureFlags.invalidate();
}

/** A test environment whose DATA_DIR is a fresh temporary directory (uploaded files land there). */
export function envWithDataDir(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-files-'));
  return {
    dataDir,
    env: testEnv({ DATA_DIR: dataDir, ...overrides }),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * An app on a fresh DATA_DIR with two creators and a store each: the owner's `storeId` and the
 * stranger's `strangerStore`, for upload and file tests that need a foreign store.
 */
export async function twoStoresWithFiles(slug: string, overrides: Record<string, string> = {}) {
  const setup = envWithDataDir(overrides);
  const t = await createTestApp({ env: setup.env });
  const owner = await signedInCreator(t);
  const stranger = await signedInCreator(t);
  const storeId = (await createStoreAs(t, owner, slug)).id;
  const strangerStore = (await createStoreAs(t, stranger, `other-${slug}`)).id;
  return {
    t,
    owner,
    stranger,
    storeId,
    strangerStore,
    dataDir: setup.dataDir,
    close: async () => {
      await t.close();
      setup.cleanup();
    },
  };
}

/** A complete, valid store-builder profile. */
export function sampleProfile(overrides: Partial<StoreProfile> = {}): StoreProfile {
  return {
    name: 'Ivy Prints',
    description: 'Risograph prints',
    avatarUrl: null,
    socialLinks: [{ platform: 'instagram', url: 'https://instagram.com/ivy' }],
    links: [{ id: 'l1', title: 'Newsletter', url: 'https://ivy.example.com/news' }],
    theme: 'neon-pulse',
    themeOverrides: { colors: { buttonColor: '#ff00aa', backgroundStartColor: '#000000' } },
    productLayout: { order: [], hidden: [] },
    ...overrides,
  };
}
