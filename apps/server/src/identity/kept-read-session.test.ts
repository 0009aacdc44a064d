import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { sessions, users } from '#src/db/schema/index.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { findKeptReadSession } from './kept-read-session.ts';
import { findPlatformSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * The key-only session statement of a kept read answered from memory (kept-read-session.ts) says
 * what findPlatformSession says of the same session: who, whether active, the owned store's key and
 * its counters' versions; nothing for an unknown or expired token.
 */
describe('findKeptReadSession', () => {
  let t: TestApp;
  let admin: TestCreator;
  let creator: TestCreator;
  let adminStoreId: string;
  let creatorStoreId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t);
    creator = await signedInCreator(t);
    adminStoreId = (await createStoreAs(t, admin, 'kept-session-admin')).id;
    creatorStoreId = (await createStoreAs(t, creator, 'kept-session-creator')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says what findPlatformSession says of the caller and their own store', async () => {
    const now = new Date();
    for (const [who, storeId] of [[admin, adminStoreId], [creator, creatorStoreId]] as const) {
      const whole = await findPlatformSession(t.db, who.token, now, storeId, 'key');
      const kept = await findKeptReadSession(t.db, who.token, now, storeId);
      expect(kept).toEqual({ userId: who.userId, isActive: true, ownedStore: whole!.ownedStore, countersVersion: whole!.countersVersion });
      expect(kept?.ownedStore?.id).toBe(storeId);
    }
    expect(typeof (await findKeptReadSession(t.db, admin.token, now, adminStoreId))?.countersVersion).toBe('string');
  });

  it("reads no store for someone else's store or one that does not exist", async () => {
    for (const storeId of [adminStoreId, newId('store')]) {
      const kept = await findKeptReadSession(t.db, creator.token, new Date(), storeId);
      expect([kept?.userId, kept?.ownedStore, kept?.countersVersion]).toEqual([creator.userId, null, null]);
    }
  });

  it('finds nothing for an unknown token, an expired session or in a transaction', async () => {
    expect(await findKeptReadSession(t.db, 'not-a-session-token', new Date(), creatorStoreId)).toBeNull();
    const [{ expiresAt }] = (await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(creator.token)))) as [{ expiresAt: Date }];
    // Live until its instant, as findPlatformSession judges it (to the millisecond a Date has).
    expect((await findKeptReadSession(t.db, creator.token, new Date(expiresAt.getTime() - 1), creatorStoreId))?.userId).toBe(creator.userId);
    expect(await findKeptReadSession(t.db, creator.token, expiresAt, creatorStoreId)).toBeNull();
    expect(await findPlatformSession(t.db, creator.token, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(await t.db.transaction((tx) => findKeptReadSession(tx, creator.token, new Date(), creatorStoreId))).toBeNull();
  });

  it('says when the account is disabled', async () => {
    const disabled = await signedInCreator(t);
    const storeId = (await createStoreAs(t, disabled, 'kept-session-disabled')).id;
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.userId));
    const kept = await findKeptReadSession(t.db, disabled.token, new Date(), storeId);
    expect([kept?.isActive, kept?.ownedStore?.id]).toEqual([false, storeId]);
  });
});
