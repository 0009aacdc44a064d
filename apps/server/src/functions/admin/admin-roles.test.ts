import { MESSAGES } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, orders, users } from '#src/db/schema/index.ts';
import { LAST_ADMIN_MESSAGE } from '#src/domain/admin/revoke-admin.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

let t: TestApp;
let admin: TestCreator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { email: 'root@admin-roles.test' });
});
afterAll(() => t.close());

const call = (name: Parameters<typeof callFunction>[1], data: unknown, as: TestCreator = admin) => callFunction(t.app, name, data, { as });

describe('setUserAdminStatus', () => {
  it('grants by email and revokes by id, each with an audit row (before/after); getAdminUsers lists the admins', async () => {
    const other = await signedInCreator(t, { email: 'second@admin-roles.test' });
    const granted = await call('setUserAdminStatus', { email: '  SECOND@admin-roles.test ', isAdmin: true, reason: 'On call this week' });
    expect(granted.json()).toEqual({ result: { user: { id: other.userId, email: 'second@admin-roles.test', isAdmin: true, planId: 'free' }, changed: true } });
    const [row] = await t.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id)).limit(1).offset(0);
    expect(row).toMatchObject({ actorId: admin.userId, targetId: other.userId, action: 'grant-admin', reason: 'On call this week', before: { isAdmin: false }, after: { isAdmin: true } });
    const admins = (await call('getAdminUsers', {})).json().result.admins.map((a: { email: string }) => a.email);
    expect(admins).toEqual(['root@admin-roles.test', 'second@admin-roles.test']);
    // Granting again changes nothing and writes nothing.
    expect((await call('setUserAdminStatus', { userId: other.userId, isAdmin: true })).json().result.changed).toBe(false);
    expect((await t.db.select().from(adminAuditLog)).length).toBe(1);

    const revoked = await call('setUserAdminStatus', { userId: other.userId, isAdmin: false, reason: 'Rotation over' });
    expect(revoked.json().result).toMatchObject({ changed: true, user: { isAdmin: false } });
    const rows = await t.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(rows.at(-1)).toMatchObject({ action: 'revoke-admin', before: { isAdmin: true }, after: { isAdmin: false } });
  });

  it('refuses to revoke the last admin, an unknown user, and an input naming both or neither id and email', async () => {
    const last = await call('setUserAdminStatus', { userId: admin.userId, isAdmin: false, reason: 'Leaving' });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toBe(LAST_ADMIN_MESSAGE);
    expect((await t.db.select().from(users).where(eq(users.id, admin.userId)))[0]?.isAdmin).toBe(true);
    const unknown = await call('setUserAdminStatus', { email: 'nobody@admin-roles.test', isAdmin: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MESSAGES.admin.userNotFound);
    const unknownId = await call('setUserAdminStatus', { userId: 'usr_00000000000000000000', isAdmin: true });
    expect(unknownId.json().error.message).toBe(MESSAGES.admin.userNotFound);
    expect((await call('setUserAdminStatus', { isAdmin: true })).statusCode).toBe(400);
    expect((await call('setUserAdminStatus', { userId: admin.userId, email: 'root@admin-roles.test', isAdmin: true })).statusCode).toBe(400);
  });
});

describe('getAdminAuditLog', () => {
  it('pages newest first: 50 by default, at most 100, with a cursor to the next page', async () => {
    const target = await signedInCreator(t, { email: 'target@admin-roles.test' });
    const before = (await t.db.select().from(adminAuditLog)).length;
    // 171 rows, granting and revoking in turn.
    for (let i = 0; i < 171; i++) {
      await call('setUserAdminStatus', { userId: target.userId, isAdmin: i % 2 === 0, reason: `step ${i}` });
    }
    const first = (await call('getAdminAuditLog', {})).json().result;
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      action: 'grant-admin',
      reason: 'step 170',
      actorId: admin.userId,
      actorEmail: 'root@admin-roles.test',
      targetId: target.userId,
      targetLabel: 'target@admin-roles.test',
      before: { isAdmin: false },
      after: { isAdmin: true },
    });
    const second = (await call('getAdminAuditLog', { cursor: first.nextCursor, limit: 100 })).json().result;
    expect(second.entries).toHaveLength(100);
    expect(second.entries.map((e: { reason: string }) => e.reason).slice(0, 2)).toEqual(['step 120', 'step 119']);
    const third = (await call('getAdminAuditLog', { cursor: second.nextCursor, limit: 100 })).json().result;
    expect(third.entries).toHaveLength(21 + before);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(171 + before);
    expect((await call('getAdminAuditLog', { limit: 1 })).json().result.entries).toHaveLength(1);
    expect((await call('getAdminAuditLog', { limit: 101 })).statusCode).toBe(400);
    expect((await call('getAdminAuditLog', { limit: 0 })).statusCode).toBe(400);
    expect((await call('getAdminAuditLog', { cursor: 'abc' })).statusCode).toBe(400);
  });
});

describe('getPlatformStats', () => {
  it('counts creators, stores, sales and platform fees, all time and in the last 30 days', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await signedInAdmin(fresh);
      const store = await seedStore(fresh);
      const product = await seedProduct(fresh, store.id);
      const customer = await seedCustomer(fresh, store.id);
      const old = await seedOrder(fresh, { storeId: store.id, productId: product.id, customerId: customer.id, createdAt: new Date(Date.now() - 40 * 86_400_000) });
      const recent = await seedOrder(fresh, { storeId: store.id, productId: product.id, customerId: customer.id });
      await fresh.db.update(orders).set({ platformFeeCents: 70 }).where(eq(orders.id, old.id));
      await fresh.db.update(orders).set({ platformFeeCents: 30 }).where(eq(orders.id, recent.id));
      const stats = (await callFunction(fresh.app, 'getPlatformStats', {}, { as: boss })).json().result;
      expect(stats).toEqual({
        creators: { total: 2, last30Days: 2 },
        stores: { total: 1, last30Days: 1 },
        sales: { total: 2, last30Days: 1 },
        revenue: [{ currency: 'USD', totalCents: 100, last30DaysCents: 30 }],
      });
    } finally {
      await fresh.close();
    }
  });
});
