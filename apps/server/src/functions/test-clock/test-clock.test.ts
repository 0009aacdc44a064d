import { MESSAGES, TEST_CLOCK_LIMITS, TEST_CLOCK_MESSAGES, type StoreTestClock } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, storeTestClocks } from '#src/db/schema/index.ts';
import { TEST_CLOCK_MAX_OFFSET_SECONDS } from '#src/domain/test-clock/advance-test-clock.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueJob, lockTestClockOffsetMs } from '#src/jobs/enqueue-job.ts';
import { newId } from '#src/db/ids.ts';
import { missingId, resultOf } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('getStoreTestClock and advanceStoreTestClock', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
  });
  afterAll(() => t?.close());

  const read = (storeId = shop.id, owner = shop) => resultOf<StoreTestClock>(callFunction(t.app, 'getStoreTestClock', { storeId }, { as: owner.owner }));
  const advance = (minutes: number, storeId = shop.id, owner = shop) => callFunction(t.app, 'advanceStoreTestClock', { storeId, minutes }, { as: owner.owner });
  const runAtOf = async (jobId: string) => (await t.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.id, jobId)))[0]!.runAt;

  it('starts at real time', async () => {
    expect(await read()).toEqual({ available: true, offsetSeconds: 0, now: clock.now().toISOString() });
  });

  it('moves by 1 minute to 366 days; 0, one minute more and part minutes are refused and change nothing', async () => {
    for (const minutes of [0, TEST_CLOCK_LIMITS.moveMinutesMax + 1, 1.5]) {
      expect(seen(await advance(minutes))).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: TEST_CLOCK_MESSAGES.move } } });
    }
    expect((await read()).offsetSeconds).toBe(0);
    expect(await resultOf<StoreTestClock>(advance(1))).toEqual({ available: true, offsetSeconds: 60, now: new Date(clock.now().getTime() + MINUTE).toISOString() });
    expect((await resultOf<StoreTestClock>(advance(TEST_CLOCK_LIMITS.moveMinutesMax))).offsetSeconds).toBe(60 + TEST_CLOCK_LIMITS.moveMinutesMax * 60);
  });

  it('brings the jobs that follow this store’s clock forward with it, and no other job', async () => {
    const offsetMs = await readTestClockOffsetMs(t.db, shop.id);
    const clockNow = new Date(clock.now().getTime() + offsetMs);
    const inTwoDays = new Date(clockNow.getTime() + 2 * DAY);
    const { jobId: onClock } = await enqueueJob(t.db, 'test-clock-probe', {}, { runAt: inTwoDays, testClock: { storeId: shop.id } });
    const { jobId: otherStore } = await enqueueJob(t.db, 'test-clock-probe', {}, { runAt: inTwoDays, testClock: { storeId: other.id } });
    const { jobId: realTime } = await enqueueJob(t.db, 'test-clock-probe', {}, { runAt: inTwoDays });
    // Stored as the real time its clock time falls on.
    expect((await runAtOf(onClock)).getTime()).toBe(inTwoDays.getTime() - offsetMs);

    await advance(24 * 60);
    expect((await runAtOf(onClock)).getTime()).toBe(inTwoDays.getTime() - offsetMs - DAY);
    await advance(24 * 60);
    // Due now on the real clock: the runner takes it at once.
    expect((await runAtOf(onClock)).getTime()).toBe(clock.now().getTime());
    expect((await runAtOf(otherStore)).getTime()).toBe(inTwoDays.getTime());
    expect((await runAtOf(realTime)).getTime()).toBe(inTwoDays.getTime());
  });

  it('a move made while a job is being queued in another transaction still brings that job forward', async () => {
    const offsetMs = await readTestClockOffsetMs(t.db, shop.id);
    const inTwoDays = new Date(clock.now().getTime() + offsetMs + 2 * DAY);
    let moved: Promise<unknown> = Promise.resolve();
    const { jobId } = await t.db.transaction(async (tx) => {
      const queued = await enqueueJob(tx, 'test-clock-probe', {}, { runAt: inTwoDays, testClock: { storeId: shop.id } });
      // The creator moves the clock a day before this transaction commits (as a renewal's
      // transaction queues the next charge while the clock is being moved). Given half a second
      // to finish first, a move that did not wait for it would shift every job but this one.
      moved = advance(24 * 60);
      await Promise.race([moved, new Promise((resolve) => setTimeout(resolve, 500))]);
      return queued;
    });
    await moved;
    expect((await runAtOf(jobId)).getTime()).toBe(inTwoDays.getTime() - offsetMs - DAY);
  });

  it('a batch that reads the offset share-locked and queues its own clock jobs has them brought forward by a move made meanwhile', async () => {
    const jobId = newId('job');
    let moved: Promise<unknown> = Promise.resolve();
    await t.db.transaction(async (tx) => {
      const offsetMs = await lockTestClockOffsetMs(tx, shop.id);
      // As move-on-batch queues a wait's resume: two days ahead on the store's clock, stored as real time.
      const onClock = new Date(clock.now().getTime() + offsetMs + 2 * DAY);
      await tx.insert(jobs).values({ id: jobId, kind: 'test-clock-probe', payload: {}, runAt: new Date(onClock.getTime() - offsetMs), clockStoreId: shop.id });
      moved = advance(24 * 60);
      await Promise.race([moved, new Promise((resolve) => setTimeout(resolve, 500))]);
    });
    await moved;
    expect((await runAtOf(jobId)).getTime()).toBe(clock.now().getTime() + 2 * DAY - DAY);
  });

  it('stops at five years ahead: a move past it goes only as far, and jobs move as far as the clock did', async () => {
    await t.db.update(storeTestClocks).set({ offsetSeconds: TEST_CLOCK_MAX_OFFSET_SECONDS - 60 }).where(eq(storeTestClocks.storeId, shop.id));
    const offsetMs = await readTestClockOffsetMs(t.db, shop.id);
    const at = new Date(clock.now().getTime() + offsetMs + DAY);
    const { jobId } = await enqueueJob(t.db, 'test-clock-probe', {}, { runAt: at, testClock: { storeId: shop.id } });
    const before = await runAtOf(jobId);

    expect((await resultOf<StoreTestClock>(advance(10))).offsetSeconds).toBe(TEST_CLOCK_MAX_OFFSET_SECONDS);
    expect((await runAtOf(jobId)).getTime()).toBe(before.getTime() - MINUTE);
    expect((await resultOf<StoreTestClock>(advance(1))).offsetSeconds).toBe(TEST_CLOCK_MAX_OFFSET_SECONDS);
    expect((await runAtOf(jobId)).getTime()).toBe(before.getTime() - MINUTE);
  });

  describe('another creator’s store answers exactly like a missing one and moves nothing', () => {
    it.each([
      ['getStoreTestClock', {}],
      ['advanceStoreTestClock', { minutes: 60 }],
    ])('%s', async (name, data) => {
      const before = await read(other.id, other);
      const foreign = seen(await callFunction(t.app, name, { storeId: other.id, ...data }, { as: shop.owner }));
      const missing = seen(await callFunction(t.app, name, { storeId: missingId('store'), ...data }, { as: shop.owner }));
      expect(foreign).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
      expect(foreign).toEqual(missing);
      expect(await read(other.id, other)).toEqual(before);
    });
  });

  it('refuses the signed out', async () => {
    expect(seen(await callFunction(t.app, 'getStoreTestClock', { storeId: shop.id })).status).toBe(401);
    expect(seen(await callFunction(t.app, 'advanceStoreTestClock', { storeId: shop.id, minutes: 5 })).status).toBe(401);
  });
});

describe('the test clock on a server that takes no test payments', () => {
  let t: TestApp;
  let shop: SeededStore;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ TEST_PAYMENTS: 'off' }) });
    shop = await seedStore(t);
  });
  afterAll(() => t?.close());

  it('says it is unavailable and refuses to move', async () => {
    expect((await resultOf<StoreTestClock>(callFunction(t.app, 'getStoreTestClock', { storeId: shop.id }, { as: shop.owner }))).available).toBe(false);
    const refused = seen(await callFunction(t.app, 'advanceStoreTestClock', { storeId: shop.id, minutes: 60 }, { as: shop.owner }));
    expect(refused).toMatchObject({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: TEST_CLOCK_MESSAGES.unavailable } } });
    expect(await t.db.select().from(storeTestClocks)).toEqual([]);
  });
});
