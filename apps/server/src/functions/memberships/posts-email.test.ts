import { EMAIL_MESSAGES, MEMBERSHIP_POST_MESSAGES as M, type MembershipPost, type Product } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { customers, emailCampaignRecipients, emailOutbox, emailSuppressions, memberships, storeEmailSettings } from '#src/db/schema/index.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { signedInMember } from '#src/testing/affiliate-accounts.ts';
import { manualClock } from '#src/testing/clock.ts';
import { POSTAL_ADDRESS } from '#src/testing/email-campaigns.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { CARDS, card } from '#src/testing/memberships.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, newMembership, newTier, ok, refusalOf, shopAndStranger, type Shop } from './membership-fixtures.ts';

type Answer = { post: MembershipPost };
const DAY = 24 * 60 * 60 * 1000;

/** Emailing a post to its tiers' members through the campaign machinery: who gets it, once. */
describe('emailing a members-only post', () => {
  const clock = manualClock(new Date('2030-05-02T10:00:00Z'));
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let club: Product;
  let supporter: string;
  let patron: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ({ shop, other } = await shopAndStranger(t, clock.now, 'postmail'));
    club = await newMembership(t, shop);
    supporter = (await newTier(t, shop, club.id, { name: 'Supporter' })).id;
    patron = (await newTier(t, shop, club.id, { name: 'Patron', monthlyPriceCents: 2000 })).id;
    await t.db.insert(storeEmailSettings).values({ storeId: shop.storeId, postalAddress: POSTAL_ADDRESS });
  });
  afterAll(() => t?.close());

  /** A member on `tierId`, then their membership and customer changed as the case needs. */
  async function member(email: string, tierId: string, change: { membership?: Partial<typeof memberships.$inferInsert>; customer?: Partial<typeof customers.$inferInsert> } = {}) {
    const who = await signedInMember(t, shop.storeId, { now: clock.now(), email });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId, customerId: who.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(started.kind);
    if (change.membership) await t.db.update(memberships).set(change.membership).where(eq(memberships.id, started.membershipId));
    await t.db.update(customers).set({ marketingConsent: true, ...change.customer }).where(eq(customers.id, who.id));
  }
  const published = async (fields: Record<string, unknown> = {}, as = shop, productId = club.id) => {
    const { post } = await ok<Answer>(call(t, as, 'createMembershipPost', { productId, title: 'New prints this week', bodyHtml: '<p>Three new prints for you.</p>', tierIds: null, ...fields }));
    return (await ok<Answer>(call(t, as, 'publishMembershipPost', { postId: post.id }))).post;
  };

  it('reaches live members of the post’s tiers only, skips unsubscribed and suppressed addresses, and sends once', async () => {
    const later = new Date(clock.now().getTime() + 3 * DAY);
    const earlier = new Date(clock.now().getTime() - DAY);
    await member('active@example.com', patron);
    await member('trialing@example.com', patron, { membership: { status: 'trialing', trialEnd: later } });
    await member('past-due@example.com', patron, { membership: { status: 'past_due', graceUntil: later } });
    await member('cancelling@example.com', patron, { membership: { cancelAtPeriodEnd: true } });
    await member('never-opted-in@example.com', patron, { customer: { marketingConsent: false } });
    await member('grace-over@example.com', patron, { membership: { status: 'past_due', graceUntil: earlier } });
    await member('paused@example.com', patron, { membership: { status: 'paused', pausedAt: earlier } });
    await member('ended@example.com', patron, { membership: { status: 'ended', endedAt: earlier } });
    await member('supporter@example.com', supporter);
    await member('unsubscribed@example.com', patron, { customer: { marketingConsent: false, marketingWithdrawnAt: earlier } });
    await member('bounced@example.com', patron);
    await t.db.insert(emailSuppressions).values({ storeId: shop.storeId, email: 'bounced@example.com', reason: 'bounced' });
    const expected = ['active@example.com', 'cancelling@example.com', 'never-opted-in@example.com', 'past-due@example.com', 'trialing@example.com'];

    const post = await published({ tierIds: [patron] });
    expect(await ok(call(t, shop, 'previewMembershipPostEmail', { postId: post.id }))).toEqual({ recipients: expected.length });
    const sent = await ok<Answer>(call(t, shop, 'emailMembershipPost', { postId: post.id }));
    expect(sent.post.emailed).toEqual({ at: clock.now().toISOString(), recipients: expected.length });

    // Asked again (a double click, a retry): refused, nothing more queued.
    expect(await refusalOf(call(t, shop, 'emailMembershipPost', { postId: post.id }))).toEqual({ status: 400, message: M.alreadyEmailed });
    const rows = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.storeId, shop.storeId));
    expect(rows.map((row) => row.email).sort()).toEqual(expected);

    // Sent by the campaign batch jobs, with the one-click unsubscribe; never a campaign in the creator's list.
    const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
    await runner.runDue();
    await runner.stop();
    const mail = (await t.db.select().from(emailOutbox)).filter((row) => row.subject === 'New prints this week');
    expect(mail.map((row) => row.to).sort()).toEqual(expected);
    expect(mail[0]!.html).toContain('Three new prints for you.');
    expect(mail[0]!.html).toContain('/members/memberships');
    expect(JSON.stringify(mail[0]!.headers)).toContain('List-Unsubscribe');
    const campaigns = await ok<{ campaigns: unknown[] }>(call(t, shop, 'listEmailCampaigns', {}));
    expect(campaigns.campaigns).toEqual([]);
    expect((await ok<Answer>(call(t, shop, 'getMembershipPost', { postId: post.id }))).post.emailed).toEqual(sent.post.emailed);
  });

  it('a post for every tier reaches every tier’s live members', async () => {
    const club2 = await newMembership(t, shop, 'Second club');
    const low = (await newTier(t, shop, club2.id, { name: 'Low' })).id;
    const high = (await newTier(t, shop, club2.id, { name: 'High', monthlyPriceCents: 2000 })).id;
    await member('low@example.com', low);
    await member('high@example.com', high);
    const post = await published({}, shop, club2.id);
    expect(await ok(call(t, shop, 'previewMembershipPostEmail', { postId: post.id }))).toEqual({ recipients: 2 });
  });

  it('refuses a draft, a post nobody can be emailed, a store without a postal address, and another store’s post like a missing one', async () => {
    const { post: draft } = await ok<Answer>(call(t, shop, 'createMembershipPost', { productId: club.id, title: 'Draft', bodyHtml: '<p>x</p>', tierIds: null }));
    expect(await refusalOf(call(t, shop, 'emailMembershipPost', { postId: draft.id }))).toEqual({ status: 400, message: M.emailNotPublished });

    const empty = await newMembership(t, shop, 'Empty club');
    await newTier(t, shop, empty.id);
    const lonely = await published({}, shop, empty.id);
    expect(await refusalOf(call(t, shop, 'emailMembershipPost', { postId: lonely.id }))).toEqual({ status: 400, message: M.noEmailRecipients });

    const theirs = await newMembership(t, other);
    await newTier(t, other, theirs.id);
    const theirPost = await published({}, other, theirs.id);
    expect(await refusalOf(call(t, other, 'emailMembershipPost', { postId: theirPost.id }))).toEqual({ status: 400, message: EMAIL_MESSAGES.postalAddressRequired });

    for (const name of ['emailMembershipPost', 'previewMembershipPostEmail']) {
      const foreign = await call(t, shop, name, { postId: theirPost.id });
      const missing = await call(t, shop, name, { postId: 'mpost_00000000000000000000' });
      expect({ name, status: foreign.statusCode, body: foreign.body }).toEqual({ name, status: 404, body: missing.body });
    }
  });
});
