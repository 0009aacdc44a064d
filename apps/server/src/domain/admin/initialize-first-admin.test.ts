import { MESSAGES } from '@shopfront/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { FIRST_ADMIN_REASON, initializeFirstAdmin } from './initialize-first-admin.ts';
import { auditRows, insertUser, userRow } from '#src/testing/users.ts';

const now = new Date('2030-01-01T00:00:00.000Z');
const databases: TestDatabase[] = [];
afterEach(() => Promise.all(databases.splice(0).map((database) => database.drop())));
async function freshDb() {
  const database = await createTestDatabase();
  databases.push(database);
  return database.db;
}

describe('initializeFirstAdmin (domain)', () => {
  it('makes the caller admin when there is no admin yet; then refuses everyone, the new admin included', async () => {
    const db = await freshDb();
    const first = await insertUser(db, 'first@init.test');
    const second = await insertUser(db, 'second@init.test');

    await expect(initializeFirstAdmin({ db, userId: first, now })).resolves.toEqual({ isAdmin: true });
    expect((await userRow(db, first)).isAdmin).toBe(true);
    expect(await auditRows(db)).toEqual([{ actorId: first, targetId: first, action: 'grant-admin', reason: FIRST_ADMIN_REASON }]);

    for (const userId of [second, first]) {
      await expect(initializeFirstAdmin({ db, userId, now })).rejects.toMatchObject({
        code: 'permission-denied',
        message: 'You do not have permission to perform this admin action.',
      });
    }
    expect((await userRow(db, second)).isAdmin).toBe(false);
    expect(await auditRows(db)).toHaveLength(1);
  });

  it('two first callers at once: exactly one becomes admin', async () => {
    const db = await freshDb();
    const ids = await Promise.all(['a', 'b', 'c'].map((name) => insertUser(db, `${name}@race-init.test`)));
    const results = await Promise.allSettled(ids.map((userId) => initializeFirstAdmin({ db, userId, now })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = await Promise.all(ids.map(async (id) => (await userRow(db, id)).isAdmin));
    expect(admins.filter(Boolean)).toHaveLength(1);
  });

  it('answers "User not found." when the caller has no user row', async () => {
    const db = await freshDb();
    await expect(initializeFirstAdmin({ db, userId: 'usr_missing', now })).rejects.toMatchObject({
      code: 'not-found',
      message: MESSAGES.admin.userNotFound,
    });
  });
});
