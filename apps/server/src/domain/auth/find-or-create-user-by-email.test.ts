import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminConfig, users } from '#src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { findOrCreateUserByEmail, toUser } from './find-or-create-user-by-email.ts';

describe('findOrCreateUserByEmail (spec §4: a missing user document is created with role creator)', () => {
  let t: TestDatabase;
  const now = new Date('2030-01-01T00:00:00.000Z');

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  beforeEach(async () => {
    await t.db.delete(adminConfig);
  });
  afterAll(() => t?.drop());

  it('creates a creator with the spec §3 defaults and the given profile', async () => {
    const row = await findOrCreateUserByEmail(t.db, {
      email: 'new@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      photoUrl: 'https://img.example.com/a.png',
      emailVerified: true,
      now,
    });
    expect(toUser(row)).toEqual({
      uid: row.id,
      email: 'new@example.com',
      displayName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'creator',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      hasStore: false,
      isActive: true,
      isAdmin: false,
      storeCount: 0,
      activeStoreId: null,
      storeId: null,
      photoURL: 'https://img.example.com/a.png',
      emailVerified: true,
      mfaEnabled: false,
      subscription: { planId: 'free' },
    });
  });

  it('returns the existing user, marking the address verified when the caller proved it', async () => {
    const first = await findOrCreateUserByEmail(t.db, { email: 'twice@example.com', emailVerified: false, now });
    const again = await findOrCreateUserByEmail(t.db, { email: 'twice@example.com', firstName: 'Other', emailVerified: false, now });
    expect(again).toEqual(first);
    const verified = await findOrCreateUserByEmail(t.db, { email: 'twice@example.com', emailVerified: true, now });
    expect(verified).toMatchObject({ id: first.id, emailVerified: true, firstName: null });
  });

  it('gives parallel first sign-ins one user', async () => {
    const rows = await Promise.all(
      Array.from({ length: 5 }, () => findOrCreateUserByEmail(t.db, { email: 'race@example.com', emailVerified: true, now })),
    );
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
  });

  it('creates nobody while signups are closed, but still finds existing users', async () => {
    await findOrCreateUserByEmail(t.db, { email: 'member@example.com', emailVerified: true, now });
    await t.db.insert(adminConfig).values({ maintenanceMode: false, allowSignups: false });
    await expect(findOrCreateUserByEmail(t.db, { email: 'late@example.com', emailVerified: true, now })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: MESSAGES.screens.signupsNotOpen,
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'late@example.com'))).toEqual([]);
    await expect(findOrCreateUserByEmail(t.db, { email: 'member@example.com', emailVerified: true, now })).resolves.toMatchObject({
      email: 'member@example.com',
    });
  });
});
