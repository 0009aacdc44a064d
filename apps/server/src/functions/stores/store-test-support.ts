import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { featureFlags, users } from '#src/db/schema/index.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { createSession } from '#src/identity/sessions.ts';
import { callFunction, createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { bearer, createCreator } from '../auth/auth-test-support.ts';

/** Test helpers for the store and domain functions (not used by the server). */
export interface TestCreator {
  userId: string;
  token: string;
  headers: Record<string, string>;
}

let counter = 0;

/** A creator with a live session (Bearer, so no Origin is needed), on the given plan; `now` = the app's clock. */
export async function signedInCreator(
  t: TestApp,
  options: { planId?: string; email?: string; now?: Date } = {},
): Promise<TestCreator> {
  const email = options.email ?? `creator-${++counter}-${Date.now()}@example.com`;
  const userId = await createCreator(t, { email });
  if (options.planId) await t.db.update(users).set({ planId: options.planId }).where(eq(users.id, userId));
  const { token } = await createSession(t.db, { realm: PLATFORM_REALM, userId, now: options.now ?? new Date() });
  return { userId, token, headers: bearer(token) };
}

export function callAs(t: TestApp, who: TestCreator | null, name: string, data: unknown) {
  return callFunction(t.app, name, data, who?.headers ?? {});
}

/** A store made through the front door; returns its result. */
export async function createStoreAs(t: TestApp, who: TestCreator, slug: string, extra: Record<string, unknown> = {}) {
  const response = await callAs(t, who, 'createStoreWithTenant', { storeName: `Store ${slug}`, slug, ...extra });
  if (response.statusCode !== 200) throw new Error(`createStoreWithTenant failed: ${response.body}`);
  return response.json().result as { id: string; slug: string; tenantId: string; name: string };
}

export async function setFlag(t: TestApp, name: string, enabled: boolean): Promise<void> {
  await t.db.insert(featureFlags).values({ name, enabled }).onConflictDoUpdate({ target: featureFlags.name, set: { enabled } });
}

/** What a caller sees of a reply: the status and the whole body. */
export function seen(response: LightMyRequestResponse): { status: number; body: unknown } {
  return { status: response.statusCode, body: response.json() };
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
