import { describe, expect, it } from 'vitest';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { connectedSubscriptionEvent, connectedUpcomingInvoiceEvent } from '#src/testing/stripe-connected-events.ts';
import { createMembershipNoticeJob } from '../self-service/membership-notice-job.ts';
import { MEMBERSHIP_NOTICE_KIND } from '../self-service/queue-membership-notices.ts';
import { DAY_S, deliver, joinOnStripe, memberCaller, membershipOfSubscription, noticesOf, stripeStore, stripeSuite } from './stripe-membership-fixtures.ts';

describe('Stripe’s invoice.upcoming sends a yearly member the upcoming-renewal email', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 5 * DAY_S;

  async function yearlyMember(account: string, interval: 'monthly' | 'yearly' = 'yearly') {
    const store = await stripeStore(s.t, account, { monthlyPriceCents: 900, yearlyPriceCents: 9000 });
    const joined = await joinOnStripe(s.t, s.standIn, store.tier, T0, { interval });
    const sub = joined.subscription.id;
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: joined.subscription }))).toBe('applied');
    const membership = (await membershipOfSubscription(s.t, sub))!;
    const upcoming = (created: number, eventId?: string) => connectedUpcomingInvoiceEvent({ account, created, subscription: s.standIn.subscription(sub), ...(eventId ? { eventId } : {}) });
    const renewalEmails = async () => {
      const runner = createJobRunner({ db: s.t.db, handlers: [createMembershipNoticeJob({ db: s.t.db, publicUrl: s.t.env.publicUrl })], log: silentLog, kinds: { only: [MEMBERSHIP_NOTICE_KIND] } });
      while ((await runner.runDue()) > 0);
      return (await queuedEmails(s.t, joined.email)).filter((email) => email.subject.includes(' renews on '));
    };
    return { ...store, sub, membership, joined, upcoming, renewalEmails };
  }

  it('sends it once: a replay of the event, or a second one for the same renewal, sends nothing more', async () => {
    const m = await yearlyMember('acct_upcoming1');
    const event = m.upcoming(T0 + 300 * DAY_S, 'evt_upcoming_once');
    expect(await deliver(s.t, event)).toBe('applied');
    expect(await deliver(s.t, event)).toBe('replay');
    expect(await deliver(s.t, m.upcoming(T0 + 301 * DAY_S))).toBe('applied');
    expect(await noticesOf(s.t, m.membership.id)).toEqual(['welcome', 'renewal-upcoming']);
    const sent = await m.renewalEmails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/ — Supporter renews on /);
    expect(sent[0]!.text).toContain('We’ll charge $90.00 / year to your card on file.');
  });

  it('none for a member cancelled at the period end, nor for a monthly one', async () => {
    const m = await yearlyMember('acct_upcoming2');
    const call = await memberCaller(s.t, m.storeId, m.membership.customerId);
    expect((await call('cancelMyMembership', { storeId: m.storeId, membershipId: m.membership.id })).statusCode).toBe(200);
    expect(await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.updated', account: m.account, created: T0 + 60, subscription: s.standIn.subscription(m.sub) }))).toBe('applied');
    expect(s.standIn.subscription(m.sub).cancel_at_period_end).toBe(true);
    expect(await deliver(s.t, m.upcoming(T0 + 300 * DAY_S))).toBe('ignored');
    expect(await noticesOf(s.t, m.membership.id)).toEqual(['welcome', 'cancelled']);
    expect(await m.renewalEmails()).toEqual([]);

    const monthly = await yearlyMember('acct_upcoming3', 'monthly');
    expect(await deliver(s.t, monthly.upcoming(T0 + 20 * DAY_S))).toBe('ignored');
    expect(await noticesOf(s.t, monthly.membership.id)).toEqual(['welcome']);
  });

  it('another account’s event naming this member’s subscription is ignored', async () => {
    const m = await yearlyMember('acct_upcoming4');
    await stripeStore(s.t, 'acct_upcoming_attacker');
    const foreign = connectedUpcomingInvoiceEvent({ account: 'acct_upcoming_attacker', created: T0 + 300 * DAY_S, subscription: s.standIn.subscription(m.sub) });
    expect(await deliver(s.t, foreign)).toBe('ignored');
    expect(await noticesOf(s.t, m.membership.id)).toEqual(['welcome']);
  });
});
