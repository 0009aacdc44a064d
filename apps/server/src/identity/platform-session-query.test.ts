import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { stores } from '#src/db/schema/index.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { PLATFORM_REALM } from './limits.ts';
import { queryPlatformSession } from './platform-session-query.ts';
import { findPlatformSession } from './sessions.ts';
import { hashToken } from './tokens.ts';

/**
 * The session statement every dashboard call runs, mapped by hand on the pool
 * (platform-session-query.ts), answers exactly what drizzle's statement answers (the path a
 * transaction takes): every column of the user and the store, JSON columns, instants to the
 * millisecond, MFA, a foreign or missing store, an unknown token.
 */
describe('findPlatformSession on the pool and in a transaction', () => {
  let t: TestApp;
  let admin: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let foreignStoreId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, admin, 'session-mapping')).id;
    foreignStoreId = (await createStoreAs(t, stranger, 'session-mapping-other')).id;
    await t.db
      .update(stores)
      .set({
        links: [{ id: 'l1', title: 'Zines', url: 'https://example.com/zines' }] as never,
        socialLinks: [{ platform: 'instagram', url: 'https://instagram.com/zines' }] as never,
        themeOverrides: { colors: { accent: '#ff0066' } },
        offlineNote: null,
        customDomain: 'zines.example.com',
        timeZone: 'Europe/Berlin',
      })
      .where(eq(stores.id, storeId));
    // Microseconds PostgreSQL keeps and a Date cannot: both paths must cut them the same way.
    await t.db.execute(sql`update stores set published_at = '2026-01-02 03:04:05.678901+00' where id = ${storeId}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const both = async (token: string, store: string | null, now = new Date()) => {
    const pooled = await findPlatformSession(t.db, token, now, store);
    const drizzled = await t.db.transaction((tx) => findPlatformSession(tx, token, now, store));
    return { pooled, drizzled };
  };

  it('runs the hand-mapped statement on the pool only', async () => {
    const values = { tokenHash: hashToken(admin.token), storeId, realm: PLATFORM_REALM };
    expect(await queryPlatformSession(t.db, values)).not.toBeNull();
    expect(await t.db.transaction((tx) => queryPlatformSession(tx, values))).toBeNull();
  });

  it('answers the same user, MFA state, owned store and counter versions', async () => {
    const { pooled, drizzled } = await both(admin.token, storeId);
    expect(pooled).toEqual(drizzled);
    expect(pooled?.ownedStore?.publishedAt?.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(pooled?.ownedStore?.themeOverrides).toEqual({ colors: { accent: '#ff0066' } });
    expect(pooled?.ownedStore?.createdAt).toBeInstanceOf(Date);
    expect([pooled?.user.id, pooled?.user.isAdmin, pooled?.user.mfaEnabled, pooled?.mfaVerified]).toEqual([admin.userId, true, true, true]);
    expect(typeof pooled?.countersVersion).toBe('string');
  });

  it('answers the same without a store, with a foreign store, with a missing store and for an unknown token', async () => {
    for (const store of [null, foreignStoreId, newId('store')]) {
      const { pooled, drizzled } = await both(admin.token, store);
      expect(pooled).toEqual(drizzled);
      expect([pooled?.ownedStore, pooled?.countersVersion]).toEqual([null, null]);
    }
    const plain = await both(stranger.token, null);
    expect(plain.pooled).toEqual(plain.drizzled);
    expect([plain.pooled?.user.mfaEnabled, plain.pooled?.mfaVerified]).toEqual([false, false]);
    expect(await both('not-a-session-token', storeId)).toEqual({ pooled: null, drizzled: null });
  });

  it("reads only the owned store's key when asked, with the same user and counter versions", async () => {
    const now = new Date();
    const whole = await findPlatformSession(t.db, admin.token, now, storeId);
    const key = await findPlatformSession(t.db, admin.token, now, storeId, 'key');
    expect(key?.ownedStore).toEqual({ id: storeId, creatorId: admin.userId, timeZone: 'Europe/Berlin' });
    expect(whole?.ownedStore?.timeZone).toBe('Europe/Berlin');
    expect([key?.user, key?.mfaVerified, key?.countersVersion]).toEqual([whole?.user, whole?.mfaVerified, whole?.countersVersion]);
    for (const store of [foreignStoreId, newId('store')]) {
      const found = await findPlatformSession(t.db, admin.token, now, store, 'key');
      expect([found?.user.id, found?.ownedStore, found?.countersVersion]).toEqual([admin.userId, null, null]);
    }
  });
});
