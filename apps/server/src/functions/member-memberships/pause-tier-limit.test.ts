import { MEMBERSHIP_MESSAGES, type MembershipTier, type MyMembership } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { joinAsMember, membershipRow, resultOf, testClock } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const LIMIT_MESSAGE = 'This tier allows a pause of at most 14 days: pick a resume date at most 14 days from today.';

describe('a creator’s longest pause on a tier', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClock>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClock(t, clock.now);
  });
  afterAll(() => t?.close());

  /** A member of a tier that pauses for at most 14 days, at a store in New York, on 11 June at 22:00 there (12 June in UTC). */
  async function member() {
    const joined = await joinAsMember(t, clock.now, { tier: { pausable: true, maxPauseDays: 14 } });
    await t.db.update(stores).set({ timeZone: 'America/New_York' }).where(eq(stores.id, joined.storeId));
    await driver.moveTo(joined.storeId, new Date('2030-06-12T02:00:00.000Z'), { run: false });
    return joined;
  }
  type Member = Awaited<ReturnType<typeof member>>;
  const pause = (m: Member, resumeOn?: string) => m.call('pauseMyMembership', { storeId: m.storeId, membershipId: m.membership.id, ...(resumeOn ? { resumeOn } : {}) });

  it('takes a resume date up to the limit in the store’s zone and refuses the day after it, and a pause without a date', async () => {
    const m = await member();
    expect(errorOf(await pause(m)).message).toBe(LIMIT_MESSAGE);
    // 14 days from 11 June (the store's today) is 25 June: the 26th is one day too far.
    expect(errorOf(await pause(m, '2030-06-26')).message).toBe(LIMIT_MESSAGE);
    expect(await membershipRow(t, m.membership.id)).toMatchObject({ status: 'active', pausedAt: null, pausedUntil: null });
    const paused = (await resultOf<{ membership: MyMembership }>(pause(m, '2030-06-25'))).membership;
    expect(paused).toMatchObject({ status: 'paused', maxPauseDays: 14, timeZone: 'America/New_York', pausedUntil: '2030-06-25T04:00:00.000Z' });
  });

  it('answers the tier’s limit, the store’s zone and the product’s page to the member', async () => {
    const m = await member();
    const [product] = await t.db.select({ slug: products.slug }).from(products).where(eq(products.id, m.membership.productId));
    const { memberships } = await resultOf<{ memberships: MyMembership[] }>(m.call('listMyMemberships', { storeId: m.storeId }));
    expect(memberships).toMatchObject([{ id: m.membership.id, maxPauseDays: 14, timeZone: 'America/New_York', productSlug: product!.slug }]);
  });

  it('is set by the creator from 1 to 90 days or none; another creator’s tier answers like a missing one', async () => {
    const m = await member();
    const update = (maxPauseDays: number | null, as = m.owner!, storeId = m.storeId) => callFunction(t.app, 'updateMembershipTier', { storeId, tierId: m.tier.id, maxPauseDays }, { as });
    expect(errorOf(await update(0)).message).toBe(MEMBERSHIP_MESSAGES.maxPauseDays);
    expect(errorOf(await update(91)).message).toBe(MEMBERSHIP_MESSAGES.maxPauseDays);
    const stranger = await signedInCreator(t, { now: clock.now() });
    const strangerStore = await createStoreAs(t, stranger, `stranger-${Date.now().toString(36)}`);
    expect(errorOf(await update(30, stranger, strangerStore.id)).message).toBe(MEMBERSHIP_MESSAGES.tierNotFound);
    expect((await resultOf<MembershipTier>(update(90))).maxPauseDays).toBe(90);
    // No limit of the creator's own: a pause until resumed is taken again.
    expect((await resultOf<MembershipTier>(update(null))).maxPauseDays).toBeNull();
    expect((await resultOf<{ membership: MyMembership }>(pause(m))).membership).toMatchObject({ status: 'paused', pausedUntil: null, maxPauseDays: null });
  });
});
