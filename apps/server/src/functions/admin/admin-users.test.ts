import { ADMIN_USER_MESSAGES, MESSAGES } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mfaFactors, sessions, stores, users } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

let t: TestApp;
let admin: TestCreator;
const reason = 'Spam reports from buyers';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { email: 'boss@admin-users.test' });
});
afterAll(() => t.close());

async function call(name: Parameters<typeof callFunction>[1], data: unknown, as: TestCreator = admin) {
  return callFunction(t.app, name, data, { as });
}

async function lastAudit() {
  const rows = await t.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
  return rows.at(-1);
}

describe('searchAdminUsers', () => {
  it('finds users by email or name, case-insensitively, a page at a time, with the total', async () => {
    const a = await signedInCreator(t, { email: 'zoe.search@example.com' });
    await t.db.update(users).set({ displayName: 'Zoë Searchable' }).where(eq(users.id, a.userId));
    await signedInCreator(t, { email: 'amy.search@example.com' });
    await signedInCreator(t, { email: 'bob.other@example.com' });
    const byEmail = (await call('searchAdminUsers', { query: 'SEARCH@', sort: 'email' })).json().result;
    expect(byEmail.total).toBe(2);
    expect(byEmail.users.map((u: { email: string }) => u.email)).toEqual(['amy.search@example.com', 'zoe.search@example.com']);
    const byName = (await call('searchAdminUsers', { query: 'zoë sEarch' })).json().result;
    expect(byName.users.map((u: { name: string }) => u.name)).toEqual(['Zoë Searchable']);
    const firstPage = (await call('searchAdminUsers', { query: '.search', sort: 'email', direction: 'desc', pageSize: 1 })).json().result;
    expect(firstPage).toMatchObject({ total: 2, page: 0, pageSize: 1, users: [{ email: 'zoe.search@example.com' }] });
    const secondPage = (await call('searchAdminUsers', { query: '.search', sort: 'email', direction: 'desc', pageSize: 1, page: 1 })).json().result;
    expect(secondPage.users.map((u: { email: string }) => u.email)).toEqual(['amy.search@example.com']);
    // LIKE wildcards in the query match themselves.
    expect((await call('searchAdminUsers', { query: '%' })).json().result.total).toBe(0);
  });

  it('takes page sizes 1 to 100 and refuses 0 and 101', async () => {
    expect((await call('searchAdminUsers', { pageSize: 100 })).statusCode).toBe(200);
    expect((await call('searchAdminUsers', { pageSize: 1 })).statusCode).toBe(200);
    expect((await call('searchAdminUsers', { pageSize: 101 })).statusCode).toBe(400);
    expect((await call('searchAdminUsers', { pageSize: 0 })).statusCode).toBe(400);
  });
});

describe('getAdminUser', () => {
  it('shows stores with their offline state, plan, sign-in methods, MFA and last sign-in', async () => {
    const creator = await signedInCreator(t, { planId: 'creator' });
    const store = await seedStore(t, { owner: creator });
    await t.db.insert(mfaFactors).values({ userId: creator.userId, secret: 's', enabledAt: new Date(), lockedAt: new Date('2026-01-02T00:00:00Z') });
    const detail = (await call('getAdminUser', { userId: creator.userId })).json().result;
    expect(detail).toMatchObject({
      id: creator.userId,
      planId: 'creator',
      isActive: true,
      isAdmin: false,
      stores: [{ id: store.id, slug: store.slug, offlineReason: null, offlineNote: null }],
      signInMethods: { password: false, emailLink: true, oauthProviders: [] },
      mfa: { enabled: true, lockedAt: '2026-01-02T00:00:00.000Z' },
    });
    expect(detail.lastSignInAt).toEqual(expect.any(String));
  });

  it('answers "User not found." for an unknown id', async () => {
    const response = await call('getAdminUser', { userId: 'usr_00000000000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(MESSAGES.admin.userNotFound);
  });
});

describe('deactivateUser and reactivateUser', () => {
  it('ends every session, takes online stores offline and brings back only those', async () => {
    const creator = await signedInCreator(t, { planId: 'creator' });
    const online = await seedStore(t, { owner: creator });
    const abused = await seedStore(t, { owner: creator });
    await t.db.update(stores).set({ offlineReason: 'abuse', offlineNote: 'Fake goods' }).where(eq(stores.id, abused.id));
    const response = await call('deactivateUser', { userId: creator.userId, reason });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ isActive: false });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, creator.userId))).toEqual([]);
    // The old session no longer works.
    expect((await callFunction(t.app, 'listMyStores', {}, { as: creator })).statusCode).not.toBe(200);
    const offline = await t.db.select({ id: stores.id, reason: stores.offlineReason }).from(stores).where(eq(stores.creatorId, creator.userId)).orderBy(asc(stores.createdAt));
    expect(offline).toEqual([
      { id: online.id, reason: 'owner-deactivated' },
      { id: abused.id, reason: 'abuse' },
    ]);
    expect(await lastAudit()).toMatchObject({
      actorId: admin.userId,
      targetId: creator.userId,
      action: 'deactivate-user',
      reason,
      before: { isActive: true },
      after: { isActive: false, storesTakenOffline: [online.id] },
    });

    const back = await call('reactivateUser', { userId: creator.userId, reason: 'Appeal accepted' });
    expect(back.json().result).toMatchObject({ isActive: true });
    const after = await t.db.select({ id: stores.id, reason: stores.offlineReason }).from(stores).where(eq(stores.creatorId, creator.userId)).orderBy(asc(stores.createdAt));
    expect(after).toEqual([
      { id: online.id, reason: null },
      { id: abused.id, reason: 'abuse' },
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'reactivate-user', reason: 'Appeal accepted', before: { isActive: false }, after: { isActive: true, storesBroughtBack: [online.id] } });
  });

  it('refuses an admin deactivating themself, a missing reason, and an unknown user', async () => {
    const self = await call('deactivateUser', { userId: admin.userId, reason });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_USER_MESSAGES.cannotDeactivateSelf);
    expect((await t.db.select().from(users).where(eq(users.id, admin.userId)))[0]?.isActive).toBe(true);
    const creator = await signedInCreator(t);
    expect((await call('deactivateUser', { userId: creator.userId, reason: '   ' })).statusCode).toBe(400);
    expect((await call('deactivateUser', { userId: creator.userId })).statusCode).toBe(400);
    const unknown = await call('deactivateUser', { userId: 'usr_00000000000000000000', reason });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.admin.userNotFound);
    const unknownBack = await call('reactivateUser', { userId: 'usr_00000000000000000000', reason });
    expect(unknownBack.json().error.message).toBe(MESSAGES.admin.userNotFound);
  });
});

describe('unlockUserMfa', () => {
  it('clears a locked factor with an audit row; a factor that is not locked is left alone', async () => {
    const creator = await signedInCreator(t);
    const lockedAt = new Date('2026-03-01T00:00:00Z');
    await t.db.insert(mfaFactors).values({ userId: creator.userId, secret: 's', enabledAt: new Date(), consecutiveFailures: 100, lockedAt });
    const response = await call('unlockUserMfa', { userId: creator.userId, reason: 'Verified by ID' });
    expect(response.json().result.mfa).toEqual({ enabled: true, lockedAt: null });
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.userId));
    expect(factor).toMatchObject({ lockedAt: null, consecutiveFailures: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'unlock-mfa', targetId: creator.userId, before: { mfaLockedAt: lockedAt.toISOString() }, after: { mfaLockedAt: null } });
    const count = (await t.db.select().from(adminAuditLog)).length;
    await call('unlockUserMfa', { userId: creator.userId, reason: 'Again' });
    expect((await t.db.select().from(adminAuditLog)).length).toBe(count);
    expect((await call('unlockUserMfa', { userId: 'usr_00000000000000000000', reason })).json().error.message).toBe(MESSAGES.admin.userNotFound);
  });
});

describe('unpublishStoreForAbuse and restoreStore', () => {
  it('takes the store offline with the note its owner sees, and restores it', async () => {
    const store = await seedStore(t);
    const response = await call('unpublishStoreForAbuse', { storeId: store.id, reason: 'Selling stolen courses' });
    expect(response.json().result).toMatchObject({ id: store.id, offlineReason: 'abuse', offlineNote: 'Selling stolen courses' });
    expect(await lastAudit()).toMatchObject({
      action: 'unpublish-store',
      targetId: store.id,
      before: { offlineReason: null, offlineNote: null },
      after: { offlineReason: 'abuse', offlineNote: 'Selling stolen courses' },
    });
    // The owner reads the reason on their store.
    const own = (await callFunction(t.app, 'getStore', { storeId: store.id }, { as: store.owner })).json().result;
    expect(own).toMatchObject({ offlineReason: 'abuse', offlineNote: 'Selling stolen courses' });

    const restored = await call('restoreStore', { storeId: store.id, reason: 'Rights confirmed' });
    expect(restored.json().result).toMatchObject({ offlineReason: null, offlineNote: null });
    expect(await lastAudit()).toMatchObject({ action: 'restore-store', before: { offlineReason: 'abuse' }, after: { offlineReason: null } });
  });

  it('refuses restoring a store that is not unpublished, and answers an unknown store like a missing one', async () => {
    const store = await seedStore(t);
    const refused = await call('restoreStore', { storeId: store.id, reason });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(ADMIN_USER_MESSAGES.storeNotUnpublished);
    const unknown = await call('unpublishStoreForAbuse', { storeId: 'store_00000000000000000000', reason });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.stores.notFound);
  });

  it('restores to plan-limit when the owner’s plan has no room beside the stores online now', async () => {
    const owner = await signedInCreator(t, { planId: 'creator' });
    const older = await seedStore(t, { owner });
    const newer = await seedStore(t, { owner });
    await call('unpublishStoreForAbuse', { storeId: older.id, reason });
    // Meanwhile the owner went down to free (one store): the newer store is the one online.
    await t.db.update(users).set({ planId: 'free' }).where(eq(users.id, owner.userId));
    await call('restoreStore', { storeId: older.id, reason: 'Cleared' });
    const reasons = async () =>
      Object.fromEntries((await t.db.select().from(stores).where(eq(stores.creatorId, owner.userId))).map((row) => [row.id, row.offlineReason]));
    expect(await reasons()).toEqual({ [older.id]: 'plan-limit', [newer.id]: null });
    expect(await lastAudit()).toMatchObject({ action: 'restore-store', after: { offlineReason: 'plan-limit' } });
  });

  it('restores a deactivated owner\'s store to owner-deactivated, not online', async () => {
    const store = await seedStore(t);
    await call('unpublishStoreForAbuse', { storeId: store.id, reason });
    await call('deactivateUser', { userId: store.owner.userId, reason });
    await call('restoreStore', { storeId: store.id, reason: 'Cleared' });
    const [row] = await t.db.select().from(stores).where(eq(stores.id, store.id));
    expect(row?.offlineReason).toBe('owner-deactivated');
  });
});
