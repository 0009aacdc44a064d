import { MESSAGES } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '#src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { CLI_ACTOR } from './admin-audit.ts';
import { setUserPlan } from './set-user-plan.ts';
import { auditRows, insertUser, userRow } from '#src/testing/users.ts';

const now = new Date('2030-01-01T00:00:00.000Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('setUserPlan', () => {
  it.each(['free', 'side-hustle', 'creator', 'boss'])('sets plan %s and audits from → to', async (planId) => {
    const { db } = database;
    const id = await insertUser(db, `${planId}@plan.test`, { planId: planId === 'free' ? 'boss' : 'free' });
    const previous = planId === 'free' ? 'boss' : 'free';
    const before = (await auditRows(db)).length;

    const result = await setUserPlan({ db, target: { email: `${planId}@plan.test` }, planId, actorId: CLI_ACTOR, reason: 'paid invoice 42', now });

    expect(result).toMatchObject({ previousPlanId: previous, changed: true, user: { id, planId } });
    expect((await userRow(db, id)).planId).toBe(planId);
    expect((await auditRows(db)).slice(before)).toEqual([
      { actorId: 'cli', targetId: id, action: 'set-plan', reason: `${previous} → ${planId}: paid invoice 42` },
    ]);
  });

  it('applies the new plan’s store limit at once: the oldest store stays online, nothing is deleted', async () => {
    const { db } = database;
    const id = await insertUser(db, 'three-stores@plan.test', { planId: 'creator' });
    const ids = ['store_plan_a', 'store_plan_b', 'store_plan_c'];
    for (const [i, storeId] of ids.entries()) {
      await db.insert(stores).values({ id: storeId, slug: `plan-store-${i}`, name: `Store ${i}`, creatorId: id, createdAt: new Date(now.getTime() + i * 1000) });
    }
    await setUserPlan({ db, target: { userId: id }, planId: 'free', actorId: CLI_ACTOR, now });
    const rows = await db.select({ id: stores.id, offlineReason: stores.offlineReason }).from(stores).where(eq(stores.creatorId, id)).orderBy(asc(stores.createdAt));
    expect(rows).toEqual([
      { id: 'store_plan_a', offlineReason: null },
      { id: 'store_plan_b', offlineReason: 'plan-limit' },
      { id: 'store_plan_c', offlineReason: 'plan-limit' },
    ]);
    await setUserPlan({ db, target: { userId: id }, planId: 'creator', actorId: CLI_ACTOR, now });
    expect((await db.select().from(stores).where(eq(stores.creatorId, id))).every((row) => row.offlineReason === null)).toBe(true);
  });

  it('refuses an unknown plan, naming the valid ones, and changes nothing', async () => {
    const { db } = database;
    const id = await insertUser(db, 'unknown-plan@plan.test');
    const before = (await auditRows(db)).length;
    await expect(setUserPlan({ db, target: { userId: id }, planId: 'enterprise', actorId: CLI_ACTOR, now })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Unknown plan "enterprise". Plans: free, side-hustle, creator, boss.',
    });
    expect((await userRow(db, id)).planId).toBe('free');
    expect(await auditRows(db)).toHaveLength(before);
  });

  it('is a no-op without an audit entry when the plan is unchanged, and "User not found." for an unknown email', async () => {
    const { db } = database;
    const id = await insertUser(db, 'same@plan.test', { planId: 'creator' });
    const before = (await auditRows(db)).length;
    await expect(setUserPlan({ db, target: { userId: id }, planId: 'creator', actorId: CLI_ACTOR, now })).resolves.toMatchObject({ changed: false });
    await expect(setUserPlan({ db, target: { email: 'ghost@plan.test' }, planId: 'boss', actorId: CLI_ACTOR, now })).rejects.toMatchObject({
      code: 'not-found',
      message: MESSAGES.admin.userNotFound,
    });
    expect(await auditRows(db)).toHaveLength(before);
  });
});
