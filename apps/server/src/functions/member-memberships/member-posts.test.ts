import { MEMBERSHIP_POST_MESSAGES as M, type MyMembershipPost } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { membershipPosts, type MembershipTierRow } from '#src/db/schema/index.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { CARDS, joinAsMember, membershipRow, resultOf, siblingTier, testClock } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const SECOND = 1000;
const SECRET = 'Studio notes only patrons may read';
type Mine = MyMembershipPost & { bodyHtml: string | null };
let written = 0;

describe('members-only posts in the members area: who reads what, when', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClock>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClock(t, clock.now);
  });
  afterAll(() => t?.close());

  const join = (options: Parameters<typeof joinAsMember>[2] = {}) => joinAsMember(t, clock.now, options);

  /** A post written straight to the database (the creator's functions are tested in functions/memberships/posts-creator.test.ts). */
  async function writePost(tier: MembershipTierRow, tierIds: string[] | null, options: { title?: string; status?: 'draft' | 'published' } = {}) {
    const id = newId('mpost');
    const status = options.status ?? 'published';
    await t.db.insert(membershipPosts).values({
      id,
      storeId: tier.storeId,
      productId: tier.productId,
      title: options.title ?? 'Behind the scenes',
      bodyHtml: `<p>${SECRET}</p>`,
      tierIds,
      status,
      // Each a second after the last, so newest first is well defined.
      publishedAt: status === 'published' ? new Date(clock.now().getTime() + ++written * SECOND) : null,
    });
    return id;
  }

  type Member = Awaited<ReturnType<typeof join>>;
  const list = async (member: Member) => (await resultOf<{ posts: MyMembershipPost[] }>(member.call('listMyMembershipPosts', { storeId: member.storeId }))).posts;
  /** The post as the member gets it, and the raw answer: the text must not be anywhere in it when locked. */
  async function read(member: Member, postId: string) {
    const reply = await member.call('getMyMembershipPost', { storeId: member.storeId, postId });
    expect(reply.statusCode).toBe(200);
    return { post: (reply.json() as { result: { post: Mine } }).result.post, raw: reply.body };
  }
  async function expectLocked(member: Member, postId: string, access: MyMembershipPost['access']) {
    const { post, raw } = await read(member, postId);
    expect(post).toMatchObject({ access, bodyHtml: null });
    expect(raw).not.toContain(SECRET);
  }
  async function expectOpen(member: Member, postId: string) {
    const { post } = await read(member, postId);
    expect(post).toMatchObject({ access: 'open', bodyHtml: `<p>${SECRET}</p>` });
  }

  it('a lower tier sees an upper tier’s post locked with the tier to upgrade to, and reads it after upgrading', async () => {
    const member = await join();
    const patron = await siblingTier(t, member.tier, { name: 'Patron' });
    const forPatrons = await writePost(member.tier, [patron.id], { title: 'Patrons only' });
    const forAll = await writePost(member.tier, null, { title: 'Hello everyone' });
    const forSupporters = await writePost(member.tier, [member.tier.id, patron.id], { title: 'Supporters too' });

    const posts = await list(member);
    expect(posts.map((post) => [post.title, post.access, post.upgradeTo?.name ?? null])).toEqual([
      ['Supporters too', 'open', null],
      ['Hello everyone', 'open', null],
      ['Patrons only', 'upgrade', 'Patron'],
    ]);
    expect(posts[2]).toMatchObject({ membershipId: member.membership.id, productId: member.tier.productId, upgradeTo: { id: patron.id, name: 'Patron' } });
    expect(JSON.stringify(posts)).not.toContain(SECRET);
    await expectLocked(member, forPatrons, 'upgrade');
    await expectOpen(member, forAll);
    await expectOpen(member, forSupporters);

    await resultOf(member.call('changeMyMembershipTier', { storeId: member.storeId, membershipId: member.membership.id, tierId: patron.id }));
    await expectOpen(member, forPatrons);
    expect((await list(member)).every((post) => post.access === 'open')).toBe(true);
  });

  it('offers no tier to upgrade to when the post’s only tier is archived', async () => {
    const member = await join();
    const gone = await siblingTier(t, member.tier, { name: 'Founders', archivedAt: clock.now() });
    const postId = await writePost(member.tier, [gone.id]);
    expect((await read(member, postId)).post).toMatchObject({ access: 'upgrade', upgradeTo: null, bodyHtml: null });
  });

  it('a trial reads until it ends, when cancelled at its end: open a second before, renew at the end', async () => {
    const member = await join({ tier: { trialDays: 7 } });
    const postId = await writePost(member.tier, [member.tier.id]);
    await expectOpen(member, postId);
    await resultOf(member.call('cancelMyMembership', { storeId: member.storeId, membershipId: member.membership.id }));
    const trialEnd = member.membership.trialEnd!;
    await driver.moveTo(member.storeId, new Date(trialEnd.getTime() - SECOND));
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    await expectOpen(member, postId);
    await driver.moveTo(member.storeId, trialEnd);
    await expectLocked(member, postId, 'renew');
    expect((await list(member))[0]).toMatchObject({ access: 'renew', productSlug: expect.any(String) as string, upgradeTo: null });
  });

  it('an active member cancelled at period end reads until the end, then sees it locked with renew', async () => {
    const member = await join();
    const postId = await writePost(member.tier, null);
    await resultOf(member.call('cancelMyMembership', { storeId: member.storeId, membershipId: member.membership.id }));
    const end = member.membership.currentPeriodEnd;
    await driver.moveTo(member.storeId, new Date(end.getTime() - SECOND));
    await expectOpen(member, postId);
    await driver.moveTo(member.storeId, end);
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'ended' });
    await expectLocked(member, postId, 'renew');
  });

  it('past due reads within the grace and is locked once the last retry fails', async () => {
    const member = await join({ tier: { trialDays: 7 }, cardNumber: CARDS.declinesLater });
    const postId = await writePost(member.tier, [member.tier.id]);
    await driver.moveTo(member.storeId, new Date(member.membership.trialEnd!.getTime() + SECOND));
    const failing = await membershipRow(t, member.membership.id);
    expect(failing.status).toBe('past_due');
    await driver.moveTo(member.storeId, new Date(failing.graceUntil!.getTime() - SECOND));
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'past_due' });
    await expectOpen(member, postId);
    await driver.moveTo(member.storeId, failing.graceUntil!);
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ status: 'ended' });
    await expectLocked(member, postId, 'renew');
  });

  it('a paused member sees posts locked with resume, and reads again once resumed', async () => {
    const member = await join({ tier: { pausable: true } });
    const postId = await writePost(member.tier, null);
    await resultOf(member.call('pauseMyMembership', { storeId: member.storeId, membershipId: member.membership.id }));
    await expectLocked(member, postId, 'resume');
    await resultOf(member.call('unpauseMyMembership', { storeId: member.storeId, membershipId: member.membership.id }));
    await expectOpen(member, postId);
  });

  it('drafts, other memberships’ posts and another store’s posts answer exactly like a missing post', async () => {
    const member = await join();
    const draft = await writePost(member.tier, null, { status: 'draft', title: 'Not yet' });
    const sameStoreOtherClub = await join({ storeId: member.storeId });
    const elsewhere = await join();
    const theirs = await writePost(sameStoreOtherClub.tier, null, { title: 'Other club' });
    const foreign = await writePost(elsewhere.tier, null, { title: 'Other store' });
    const missing = 'mpost_00000000000000000000';

    const none = await member.call('getMyMembershipPost', { storeId: member.storeId, postId: missing });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe(M.postNotFound);
    for (const postId of [draft, theirs, foreign]) {
      const reply = await member.call('getMyMembershipPost', { storeId: member.storeId, postId });
      expect({ status: reply.statusCode, body: reply.json() as unknown }).toEqual({ status: none.statusCode, body: none.json() as unknown });
      expect(reply.body).not.toContain(SECRET);
    }
    expect(await list(member)).toEqual([]);
    expect((await list(elsewhere)).map((post) => post.title)).toEqual(['Other store']);
    // A session of one store is refused by another's members area.
    expect((await elsewhere.call('listMyMembershipPosts', { storeId: member.storeId })).statusCode).toBe(401);
  });
});
