import { MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '#src/db/schema/index.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { membershipRow } from '#src/testing/memberships.ts';
import { connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { DAY_S, deliver, joinedStripeMember, noticesOf, stripeStore, stripeSuite } from './stripe-membership-fixtures.ts';
import { createStripePriceMoveJob, moveStripeMemberPrice, STRIPE_PRICE_MOVE_KIND } from './stripe-price-move-job.ts';

describe('moving Stripe members to a tier’s new price: the subscription item moves when the notice ends, the member’s price when Stripe says so', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  /** A Stripe member at $9, the tier then raised to $12 (new members only), and the creator's caller. */
  async function raised(account: string) {
    const m = await joinedStripeMember(s, account, { monthlyPriceCents: 900 }, T0);
    const creator = (name: string, data: Record<string, unknown>) => callFunction(s.t.app, name, { storeId: m.storeId, ...data }, { as: m.creator });
    expect((await creator('updateMembershipTier', { tierId: m.tier.id, monthlyPriceCents: 1200 })).statusCode).toBe(200);
    return { ...m, creator, move: () => creator('moveTierMembersToCurrentPrice', { tierId: m.tier.id }) };
  }
  const runnerAt = (at: Date) =>
    createJobRunner({ db: s.t.db, handlers: [createStripePriceMoveJob({ db: s.t.db, env: s.t.env })], log: silentLog, now: () => at, kinds: { only: [STRIPE_PRICE_MOVE_KIND] } });
  const itemAmount = (sub: string) => s.standIn.subscription(sub).items.data[0]!.price.unit_amount;
  const moveJobs = (membershipId: string) => s.t.db.select().from(jobs).where(and(eq(jobs.kind, STRIPE_PRICE_MOVE_KIND), sql`${jobs.payload} ->> 'membershipId' = ${membershipId}`));

  it('schedules the move with one email, and moves the item on the member’s account only once the notice has ended', async () => {
    const m = await raised('acct_pricemove1');
    const first = await m.move();
    expect(first.statusCode).toBe(200);
    const result = first.json().result as { noticeEndsAt: string };
    expect(result).toMatchObject({ scheduled: 1, alreadyScheduled: 0, stripeMembers: 1 });
    expect((await m.move()).json().result).toMatchObject({ scheduled: 0, alreadyScheduled: 1, stripeMembers: 1 });
    expect((await noticesOf(s.t, m.membership.id)).filter((notice) => notice === 'price-change')).toHaveLength(1);
    expect(await moveJobs(m.membership.id)).toHaveLength(1);

    const noticeEnd = new Date(result.noticeEndsAt);
    // One second before the notice ends: nothing is due, and Stripe is not asked.
    expect(await runnerAt(new Date(noticeEnd.getTime() - 1000)).runDue()).toBe(0);
    expect(itemAmount(m.sub)).toBe(900);
    expect(s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`)).toEqual([]);
    // At its end: the item moves to a $12 Price of the tier on the creator's account, nothing prorated.
    expect(await runnerAt(noticeEnd).runDue()).toBe(1);
    expect(itemAmount(m.sub)).toBe(1200);
    const calls = s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`);
    expect(calls.map((call) => [call.stripeAccount, call.body.proration_behavior, call.body['items[0][id]']])).toEqual([[m.account, 'none', m.joined.subscription.items.data[0]!.id]]);
    // The member's price is theirs until Stripe's webhook shows the new one.
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ priceCents: 900, nextPriceCents: 1200 });
    expect(await m.updated()).toBe('applied');
    expect(await membershipRow(s.t, m.membership.id)).toMatchObject({ priceCents: 1200, nextPriceCents: null, nextPriceFrom: null, status: 'active', tierId: m.tier.id });
  });

  it('a replayed job or webhook changes nothing twice', async () => {
    const m = await raised('acct_pricemove2');
    const result = (await m.move()).json().result as { noticeEndsAt: string };
    const move = { membershipId: m.membership.id, priceCents: 1200, from: result.noticeEndsAt };
    const deps = { db: s.t.db, env: s.t.env };
    expect(await moveStripeMemberPrice(deps, move)).toBe('sent');
    // The job run again before the webhook (a crash after the call): the same call and idempotency key.
    expect(await moveStripeMemberPrice(deps, move)).toBe('sent');
    const calls = s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((call) => `${call.idempotencyKey} ${call.body['items[0][price]']}`)).size).toBe(1);
    expect(itemAmount(m.sub)).toBe(1200);
    const event = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account: m.account, created: T0 + 600, subscription: s.standIn.subscription(m.sub) });
    expect(await deliver(s.t, event)).toBe('applied');
    expect(await deliver(s.t, event)).toBe('replay');
    expect((await membershipRow(s.t, m.membership.id)).priceCents).toBe(1200);
    // After the webhook: the schedule is gone, so a late run of the job sends nothing, and asking again moves no one.
    expect(await moveStripeMemberPrice(deps, move)).toBe('stale');
    expect(s.standIn.requestsTo(`/v1/subscriptions/${m.sub}`)).toHaveLength(2);
    expect((await m.move()).json().result).toMatchObject({ scheduled: 0, alreadyScheduled: 0, stripeMembers: 0 });
    expect((await noticesOf(s.t, m.membership.id)).filter((notice) => notice === 'price-change')).toHaveLength(1);
  });

  it('another creator’s tier answers like a missing one, and nothing is scheduled', async () => {
    const theirs = await raised('acct_pricemove3');
    const mine = await stripeStore(s.t, 'acct_pricemove4');
    const ask = (tierId: string) => callFunction(s.t.app, 'moveTierMembersToCurrentPrice', { storeId: mine.storeId, tierId }, { as: mine.creator });
    const foreign = await ask(theirs.tier.id);
    const missing = await ask(missingId('mtr'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(missing.json().error.message).toBe(M.tierNotFound);
    expect(await membershipRow(s.t, theirs.membership.id)).toMatchObject({ priceCents: 900, nextPriceCents: null });
  });
});
