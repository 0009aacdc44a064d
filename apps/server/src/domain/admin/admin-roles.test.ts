import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAuditLog, users } from '#src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { CLI_ACTOR } from './admin-audit.ts';
import { findAdmins, getAdminStatus } from './find-admins.ts';
import { grantAdmin } from './grant-admin.ts';
import { LAST_ADMIN_MESSAGE, revokeAdmin } from './revoke-admin.ts';
import { auditRows, insertUser, userRow } from '#src/testing/users.ts';

const now = new Date('2030-01-01T00:00:00.000Z');

// The audit log is append-only (it cannot be reset), so tests that read all of it get a database of their own.
let database: TestDatabase;
const cleanup: TestDatabase[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => Promise.all([database, ...cleanup].map((each) => each.drop())));

describe('grantAdmin', () => {
  it('makes the user with that email admin (any case, surrounding spaces) and audits it', async () => {
    const { db } = database;
    const id = await insertUser(db, 'ada@grant.test');
    const before = (await auditRows(db)).length;

    const result = await grantAdmin({ db, target: { email: '  ADA@Grant.test ' }, actorId: CLI_ACTOR, reason: 'founder', now });

    expect(result).toEqual({ user: { id, email: 'ada@grant.test', isAdmin: true, planId: 'free' }, changed: true });
    expect((await userRow(db, id)).isAdmin).toBe(true);
    expect((await auditRows(db)).slice(before)).toEqual([{ actorId: 'cli', targetId: id, action: 'grant-admin', reason: 'founder' }]);
  });

  it('is a no-op without an audit entry when the user is already admin', async () => {
    const { db } = database;
    const id = await insertUser(db, 'already@grant.test', { isAdmin: true });
    const before = (await auditRows(db)).length;
    const result = await grantAdmin({ db, target: { userId: id }, actorId: CLI_ACTOR, now });
    expect(result.changed).toBe(false);
    expect(await auditRows(db)).toHaveLength(before);
  });

  it('answers "User not found." for an unknown email and writes nothing', async () => {
    const { db } = database;
    const before = (await auditRows(db)).length;
    await expect(grantAdmin({ db, target: { email: 'nobody@grant.test' }, actorId: CLI_ACTOR, now })).rejects.toMatchObject({
      code: 'not-found',
      message: MESSAGES.admin.userNotFound,
    });
    expect(await auditRows(db)).toHaveLength(before);
  });
});

describe('revokeAdmin', () => {
  it('revokes one of two admins, and refuses to revoke the last one', async () => {
    const { db } = await createTestDatabase().then((fresh) => (cleanup.push(fresh), fresh));
    const first = await insertUser(db, 'first@revoke.test', { isAdmin: true });
    const second = await insertUser(db, 'second@revoke.test', { isAdmin: true });

    const result = await revokeAdmin({ db, target: { email: 'second@revoke.test' }, actorId: first, reason: 'left the team', now });
    expect(result).toMatchObject({ user: { id: second, isAdmin: false }, changed: true });

    await expect(revokeAdmin({ db, target: { userId: first }, actorId: first, now })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: LAST_ADMIN_MESSAGE,
    });
    expect((await userRow(db, first)).isAdmin).toBe(true);
    expect(await auditRows(db)).toEqual([{ actorId: first, targetId: second, action: 'revoke-admin', reason: 'left the team' }]);
    expect((await findAdmins({ db })).map((admin) => admin.email)).toEqual(['first@revoke.test']);
  });

  it('two concurrent revokes of the last two admins always leave exactly one admin', async () => {
    const { db } = await createTestDatabase().then((fresh) => (cleanup.push(fresh), fresh));
    const a = await insertUser(db, 'a@race.test');
    const b = await insertUser(db, 'b@race.test');
    for (let round = 0; round < 10; round++) {
      await db.update(users).set({ isAdmin: true });
      const results = await Promise.allSettled([
        revokeAdmin({ db, target: { userId: a }, actorId: b, now }),
        revokeAdmin({ db, target: { userId: b }, actorId: a, now }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await findAdmins({ db })).toHaveLength(1);
    }
  });

  it('is a no-op for a user who is not admin', async () => {
    const { db } = database;
    const id = await insertUser(db, 'plain@revoke.test');
    await expect(revokeAdmin({ db, target: { userId: id }, actorId: CLI_ACTOR, now })).resolves.toMatchObject({ changed: false });
  });
});

describe('getAdminStatus', () => {
  it('is true only for an active admin, and false for an unknown user', async () => {
    const { db } = database;
    const admin = await insertUser(db, 'status-admin@status.test', { isAdmin: true });
    const disabled = await insertUser(db, 'status-disabled@status.test', { isAdmin: true, isActive: false });
    const creator = await insertUser(db, 'status-creator@status.test');
    expect(await getAdminStatus({ db, userId: admin })).toEqual({ isAdmin: true });
    expect(await getAdminStatus({ db, userId: disabled })).toEqual({ isAdmin: false });
    expect(await getAdminStatus({ db, userId: creator })).toEqual({ isAdmin: false });
    expect(await getAdminStatus({ db, userId: 'usr_missing' })).toEqual({ isAdmin: false });
  });
});

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself, keeping every row as written', async () => {
    const { db } = database;
    const id = await insertUser(db, 'trail@audit.test');
    await grantAdmin({ db, target: { userId: id }, actorId: CLI_ACTOR, now });
    const before = await db.select().from(adminAuditLog);
    expect(before.length).toBeGreaterThan(0);
    const refused = expect.objectContaining({ cause: expect.objectContaining({ code: '42501', message: 'admin_audit_log is append-only' }) });
    await expect(db.update(adminAuditLog).set({ reason: 'rewritten', after: { isAdmin: false } })).rejects.toEqual(refused);
    await expect(db.delete(adminAuditLog).where(eq(adminAuditLog.targetId, id))).rejects.toEqual(refused);
    await expect(db.execute(sql`truncate admin_audit_log`)).rejects.toEqual(refused);
    expect(await db.select().from(adminAuditLog)).toEqual(before);
  });
});
