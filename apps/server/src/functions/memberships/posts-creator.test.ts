import { MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M, MESSAGES, type MembershipPost, type MembershipPostSummary } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { membershipPosts } from '#src/db/schema/index.ts';
import { loadStorefrontProductDetail } from '#src/domain/storefront/load-storefront-products.ts';
import { errorOf, seen } from '#src/testing/call-function.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { call, newMembership, newTier, ok, refusalOf, shopAndStrangerSuite } from './membership-fixtures.ts';

type Answer = { post: MembershipPost };

describe('members-only posts from the creator’s side', () => {
  const now = tickingClock(Date.parse('2030-06-01T12:00:00Z'));
  const s = shopAndStrangerSuite(now, 'posts');

  const create = (productId: string, fields: Record<string, unknown> = {}, as = s.shop) =>
    call(s.t, as, 'createMembershipPost', { productId, title: 'Studio diary', bodyHtml: '<p>This week in the studio</p>', tierIds: null, ...fields });
  async function club(as = s.shop) {
    const product = await newMembership(s.t, as);
    const tier = await newTier(s.t, as, product.id, { name: 'Supporter' });
    const upper = await newTier(s.t, as, product.id, { name: 'Patron', monthlyPriceCents: 2000 });
    return { product, tier, upper };
  }

  it('writes a draft for chosen tiers, sanitised like a product description; lists it without its text', async () => {
    const { product, tier, upper } = await club();
    const { post } = await ok<Answer>(
      create(product.id, { bodyHtml: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script></p>', tierIds: [upper.id, upper.id] }),
    );
    expect(post).toMatchObject({ productId: product.id, title: 'Studio diary', status: 'draft', tierIds: [upper.id], publishedAt: null });
    expect(post.bodyHtml).toBe('<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">there</a></p>');
    const second = await ok<Answer>(create(product.id, { title: 'For everyone', tierIds: null }));
    const { posts } = await ok<{ posts: MembershipPostSummary[] }>(call(s.t, s.shop, 'listMembershipPosts', { productId: product.id }));
    expect(posts.map((one) => [one.title, one.tierIds])).toEqual([
      ['For everyone', null],
      ['Studio diary', [upper.id]],
    ]);
    expect(posts[0]).not.toHaveProperty('bodyHtml');
    expect((await ok<Answer>(call(s.t, s.shop, 'getMembershipPost', { postId: second.post.id }))).post.bodyHtml).toBe('<p>This week in the studio</p>');

    const changed = await ok<Answer>(call(s.t, s.shop, 'updateMembershipPost', { postId: post.id, tierIds: [tier.id, upper.id] }));
    expect(changed.post).toMatchObject({ title: 'Studio diary', tierIds: [tier.id, upper.id], bodyHtml: post.bodyHtml });
  });

  it('checks the title and text limits on both sides, and needs a tier or all tiers', async () => {
    const { product } = await club();
    expect((await ok<Answer>(create(product.id, { title: 'T'.repeat(L.titleMax) }))).post.title).toHaveLength(L.titleMax);
    expect(await refusalOf(create(product.id, { title: 'T'.repeat(L.titleMax + 1) }))).toEqual({ status: 400, message: M.titleTooLong });
    expect(await refusalOf(create(product.id, { title: '   ' }))).toEqual({ status: 400, message: M.titleRequired });
    const body = (chars: number) => `<p>${'b'.repeat(chars - 7)}</p>`;
    expect((await ok<Answer>(create(product.id, { bodyHtml: body(L.bodyMax) }))).post.bodyHtml).toHaveLength(L.bodyMax);
    expect(await refusalOf(create(product.id, { bodyHtml: body(L.bodyMax + 1) }))).toEqual({ status: 400, message: M.bodyTooLong });
    expect(await refusalOf(create(product.id, { tierIds: [] }))).toEqual({ status: 400, message: M.tiersRequired });
  });

  it('refuses a tier of another membership, and another store’s tier exactly like a missing one', async () => {
    const { product } = await club();
    const elsewhere = await club();
    const foreign = await club(s.other);
    const missing = await create(product.id, { tierIds: ['mtr_00000000000000000000'] });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(M.tierNotFound);
    for (const tierId of [elsewhere.tier.id, foreign.tier.id]) {
      expect(seen(await create(product.id, { tierIds: [tierId] }))).toEqual(seen(missing));
    }
  });

  it('publishes (not without text), keeps the first publish time through an unpublish, and answers a repeat as it is', async () => {
    const { product } = await club();
    const empty = await ok<Answer>(create(product.id, { bodyHtml: '<p></p>' }));
    expect(await refusalOf(call(s.t, s.shop, 'publishMembershipPost', { postId: empty.post.id }))).toEqual({ status: 400, message: M.bodyRequired });
    const { post } = await ok<Answer>(create(product.id));
    const published = await ok<Answer>(call(s.t, s.shop, 'publishMembershipPost', { postId: post.id }));
    expect(published.post.status).toBe('published');
    expect(published.post.publishedAt).not.toBeNull();
    expect(await ok<Answer>(call(s.t, s.shop, 'publishMembershipPost', { postId: post.id }))).toEqual(published);
    const unpublished = await ok<Answer>(call(s.t, s.shop, 'unpublishMembershipPost', { postId: post.id }));
    expect(unpublished.post).toMatchObject({ status: 'draft', publishedAt: published.post.publishedAt });
    const again = await ok<Answer>(call(s.t, s.shop, 'publishMembershipPost', { postId: post.id }));
    expect(again.post).toMatchObject({ status: 'published', publishedAt: published.post.publishedAt });
  });

  it('lists published titles on the storefront page, never drafts or text, and drops deleted ones', async () => {
    const { product } = await club();
    await ok(call(s.t, s.shop, 'updateProduct', { productId: product.id, status: 'published' }));
    const draft = await ok<Answer>(create(product.id, { title: 'Still a draft' }));
    const { post } = await ok<Answer>(create(product.id, { title: 'Open studio recap', bodyHtml: '<p>The secret recipe</p>' }));
    await ok(call(s.t, s.shop, 'publishMembershipPost', { postId: post.id }));
    const page = await loadStorefrontProductDetail(s.t.db, s.shop.storeId, product.slug);
    expect(page?.membershipPosts).toEqual([{ title: 'Open studio recap', publishedAt: expect.any(String) as string }]);
    expect(JSON.stringify(page)).not.toContain('The secret recipe');
    expect(JSON.stringify(page)).not.toContain(draft.post.title);
    expect(await ok(call(s.t, s.shop, 'deleteMembershipPost', { postId: post.id }))).toEqual({ deletedId: post.id });
    expect((await loadStorefrontProductDetail(s.t.db, s.shop.storeId, product.slug))?.membershipPosts).toEqual([]);
    expect(await refusalOf(call(s.t, s.shop, 'getMembershipPost', { postId: post.id }))).toEqual({ status: 404, message: M.postNotFound });
  });

  it(`takes ${L.postsPerMembership} posts per membership and refuses the next`, async () => {
    const { product } = await club();
    const rows = Array.from({ length: L.postsPerMembership - 1 }, (_, i) => ({ id: newId('mpost'), storeId: s.shop.storeId, productId: product.id, title: `Post ${i}` }));
    await s.t.db.insert(membershipPosts).values(rows);
    await ok(create(product.id, { title: 'The last one' }));
    expect(await refusalOf(create(product.id))).toEqual({ status: 400, message: M.tooManyPosts });
  });

  it('another creator’s post or membership answers exactly like one that does not exist', async () => {
    const { product } = await club();
    const { post } = await ok<Answer>(create(product.id));
    const missingPost = 'mpost_00000000000000000000';
    const calls: [string, Record<string, unknown>][] = [
      ['getMembershipPost', {}],
      ['updateMembershipPost', { title: 'Taken over' }],
      ['publishMembershipPost', {}],
      ['unpublishMembershipPost', {}],
      ['deleteMembershipPost', {}],
    ];
    for (const [name, extra] of calls) {
      const foreign = await call(s.t, s.other, name, { postId: post.id, ...extra });
      const none = await call(s.t, s.other, name, { postId: missingPost, ...extra });
      expect({ name, ...seen(foreign) }).toEqual({ name, ...seen(none) });
      expect(none.statusCode).toBe(404);
    }
    const missingProduct = 'prd_00000000000000000000';
    for (const name of ['listMembershipPosts', 'createMembershipPost']) {
      const data = { productId: product.id, title: 'X', tierIds: null };
      expect(seen(await call(s.t, s.other, name, data))).toEqual(seen(await call(s.t, s.other, name, { ...data, productId: missingProduct })));
    }
    expect((await ok<Answer>(call(s.t, s.shop, 'getMembershipPost', { postId: post.id }))).post).toMatchObject({ title: 'Studio diary', status: 'draft' });
    expect(errorOf(await call(s.t, s.other, 'getMembershipPost', { postId: 'not-an-id' })).message).toBe(MESSAGES.generic.invalidArgument);
  });
});
