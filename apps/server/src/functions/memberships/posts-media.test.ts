import { COMMERCE_MESSAGES, MEMBERSHIP_MESSAGES, MEMBERSHIP_POST_LIMITS as L, MEMBERSHIP_POST_MESSAGES as M, type MembershipPost, type Product } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#src/db/schema/index.ts';
import { signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { loadStorefrontProductDetail } from '#src/domain/storefront/load-storefront-products.ts';
import { findReferencedUploadNames } from '#src/domain/uploads/upload-references.ts';
import { signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { CARDS, card } from '#src/testing/memberships.ts';
import { uploadFile } from '#src/testing/products.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, newMembership, newTier, ok, refusalOf, shopAndStranger, type Shop } from './membership-fixtures.ts';

const GUIDE = Buffer.alloc(2500, 5);
const html = (message: string) => message.replace(/'/g, '&#39;');
type Answer = { post: MembershipPost };
type MyPost = { post: { access: string; bodyHtml: string | null; files: { id: string; name: string; url: string }[] } };

/** Images and files in members-only posts: the allow-list, the files' ownership, and nothing leaking to a locked reader. */
describe('images and files in members-only posts', () => {
  const clock = manualClock(new Date('2030-04-02T10:00:00Z'));
  const setup = envWithDataDir();
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let club: Product;
  let supporter: string;
  let patron: string;
  let guide: string;
  let foreignFile: string;
  let otherClubFile: string;
  const image = (storeId: string, n = 'a') => `/files/${storeId}/image-${n.repeat(24)}.webp`;

  async function upload(as: Shop, productId: string, name: string): Promise<string> {
    const response = await uploadFile(t, as.owner, { storeId: as.storeId, productId }, GUIDE, { 'x-file-name': name });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode}: ${response.body}`);
    return (response.json() as Product).files.find((file) => file.name === name)!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env, now: clock.now });
    ({ shop, other } = await shopAndStranger(t, clock.now, 'postmedia'));
    club = await newMembership(t, shop);
    supporter = (await newTier(t, shop, club.id, { name: 'Supporter', pausable: true })).id;
    patron = (await newTier(t, shop, club.id, { name: 'Patron', monthlyPriceCents: 2000 })).id;
    guide = await upload(shop, club.id, 'guide.pdf');
    otherClubFile = await upload(shop, (await newMembership(t, shop, 'Second club')).id, 'second.pdf');
    const strangers = await newMembership(t, other);
    foreignFile = await upload(other, strangers.id, 'theirs.pdf');
    await ok(call(t, shop, 'updateProduct', { productId: club.id, status: 'published' }));
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const create = (fields: Record<string, unknown>) => call(t, shop, 'createMembershipPost', { productId: club.id, title: 'Studio diary', bodyHtml: '<p>Hello</p>', tierIds: null, ...fields });
  async function member(tierId: string) {
    const who = await signedInMember(t, shop.storeId, { now: clock.now() });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId, customerId: who.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(started.kind);
    return { who, membershipId: started.membershipId };
  }
  const read = async (who: TestMember, postId: string) => {
    const reply = await callFunction(t.app, 'getMyMembershipPost', { storeId: shop.storeId, postId }, { as: who });
    expect(reply.statusCode).toBe(200);
    return { post: (reply.json() as { result: MyPost }).result.post, raw: reply.body };
  };
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('keeps the store’s own uploaded images with their alt text, and nothing else on them', async () => {
    const own = image(shop.storeId);
    const { post } = await ok<Answer>(create({ bodyHtml: `<p>Look</p><img src="${own}" alt="The new print" title="x" onerror="alert(1)" style="width:9px"><p><img src="${own}"></p>` }));
    expect(post.bodyHtml).toBe(`<p>Look</p><img src="${own}" alt="The new print" /><p><img src="${own}" alt="" /></p>`);
    // The upload sweep counts an image named only by a post as in use.
    expect((await findReferencedUploadNames(t.db)).has(`image-${'a'.repeat(24)}.webp`)).toBe(true);
  });

  it('refuses an image from another store, another site, a data: or javascript: address, with a clear message', async () => {
    for (const src of [image(other.storeId), 'https://evil.example/x.webp', `https://shop.example${image(shop.storeId)}`, 'data:image/png;base64,AAAA', 'javascript:alert(1)', `/files/${shop.storeId}/avatar-${'a'.repeat(24)}.webp`, `${image(shop.storeId)}?x=1`]) {
      expect({ src, ...(await refusalOf(create({ bodyHtml: `<p>Hi</p><img src="${src}" alt="x">` }))) }).toEqual({ src, status: 400, message: M.imageNotUploaded });
    }
  });

  it(`takes ${L.imagesPerPost} images and refuses one more`, async () => {
    const images = (n: number) => Array.from({ length: n }, () => `<img src="${image(shop.storeId)}" alt="">`).join('');
    expect((await ok<Answer>(create({ bodyHtml: images(L.imagesPerPost) }))).post.bodyHtml.match(/<img/g)).toHaveLength(L.imagesPerPost);
    expect(await refusalOf(create({ bodyHtml: images(L.imagesPerPost + 1) }))).toEqual({ status: 400, message: M.tooManyImages });
  });

  it('attaches files of the membership’s own product only: another product’s or store’s file answers like a missing one', async () => {
    const { post } = await ok<Answer>(create({ fileIds: [guide, guide] }));
    expect(post.fileIds).toEqual([guide]);
    const missing = await refusalOf(create({ fileIds: ['file_aaaaaaaaaaaaaaaaaaaa'] }));
    expect(missing).toEqual({ status: 404, message: M.fileNotFound });
    expect(await refusalOf(create({ fileIds: [foreignFile] }))).toEqual(missing);
    expect(await refusalOf(create({ fileIds: [otherClubFile] }))).toEqual(missing);
    expect(await refusalOf(call(t, shop, 'updateMembershipPost', { postId: post.id, fileIds: [foreignFile] }))).toEqual(missing);
    expect((await ok<Answer>(call(t, shop, 'getMembershipPost', { postId: post.id }))).post.fileIds).toEqual([guide]);
    // Another creator cannot attach files to this post either.
    expect((await call(t, other, 'updateMembershipPost', { postId: post.id, fileIds: [foreignFile] })).statusCode).toBe(404);
  });

  it('gives a reader the images and signed file links; a locked reader, the storefront and another tier get neither', async () => {
    const own = image(shop.storeId, 'b');
    const { post } = await ok<Answer>(create({ title: 'Patrons’ pack', bodyHtml: `<p>Enjoy</p><img src="${own}" alt="Pack">`, tierIds: [patron], fileIds: [guide] }));
    await ok(call(t, shop, 'publishMembershipPost', { postId: post.id }));

    const reader = await member(patron);
    const open = await read(reader.who, post.id);
    expect(open.post).toMatchObject({ access: 'open', bodyHtml: expect.stringContaining(own) as string, files: [{ id: guide, name: 'guide.pdf' }] });
    const downloaded = await fetchUrl(open.post.files[0]!.url);
    expect([downloaded.statusCode, downloaded.rawPayload.equals(GUIDE)]).toEqual([200, true]);

    // A supporter (another tier): locked with upgrade, no image address, no file link; a signed link for their own membership is refused.
    const lower = await member(supporter);
    const locked = await read(lower.who, post.id);
    expect(locked.post).toMatchObject({ access: 'upgrade', bodyHtml: null, files: [] });
    expect(locked.raw).not.toContain(own);
    expect(locked.raw).not.toContain('/api/downloads/');
    const ownLink = `/api/downloads/file/${signDownloadToken(t.env, { kind: 'member-file', membershipId: lower.membershipId, fileId: guide, expiresAt: clock.now().getTime() + 60_000 })}`;
    const refused = await t.app.inject({ method: 'GET', url: ownLink });
    expect([refused.statusCode, refused.body.includes(COMMERCE_MESSAGES.fileNotFound)]).toEqual([404, true]);

    // The storefront page names the title only.
    const page = await loadStorefrontProductDetail(t.db, shop.storeId, club.slug);
    expect(page?.membershipPosts?.map((one) => one.title)).toContain('Patrons’ pack');
    expect(JSON.stringify(page)).not.toContain(own);
    expect(JSON.stringify(page)).not.toContain(guide);

    // Paused: the resume answer, the link refused; ended: renew, the link refused.
    await t.db.update(memberships).set({ status: 'paused', pausedAt: clock.now() }).where(eq(memberships.id, reader.membershipId));
    const paused = await read(reader.who, post.id);
    expect(paused.post).toMatchObject({ access: 'resume', bodyHtml: null, files: [] });
    expect(paused.raw).not.toContain(own);
    const pausedDownload = await fetchUrl(open.post.files[0]!.url);
    expect([pausedDownload.statusCode, pausedDownload.body.includes(html(MEMBERSHIP_MESSAGES.filesPaused))]).toEqual([410, true]);
    await t.db.update(memberships).set({ status: 'ended', endedAt: clock.now() }).where(eq(memberships.id, reader.membershipId));
    expect((await read(reader.who, post.id)).post).toMatchObject({ access: 'renew', bodyHtml: null, files: [] });
    const endedDownload = await fetchUrl(open.post.files[0]!.url);
    expect([endedDownload.statusCode, endedDownload.body.includes(html(MEMBERSHIP_MESSAGES.filesLocked))]).toEqual([410, true]);
  });

  it('a post file link works only for a membership whose tier the post names, and not once the post is a draft', async () => {
    const { post } = await ok<Answer>(create({ title: 'Supporters’ file', tierIds: [supporter], fileIds: [guide] }));
    await ok(call(t, shop, 'publishMembershipPost', { postId: post.id }));
    const reader = await member(supporter);
    const url = (await read(reader.who, post.id)).post.files[0]!.url;
    expect((await fetchUrl(url)).statusCode).toBe(200);
    await ok(call(t, shop, 'unpublishMembershipPost', { postId: post.id }));
    const refused = await fetchUrl(url);
    expect([refused.statusCode, refused.body.includes(COMMERCE_MESSAGES.fileNotFound)]).toEqual([404, true]);
  });

  it('hides the titles of locked posts from the storefront when the creator switches them off, and shows them again', async () => {
    const { post } = await ok<Answer>(create({ title: 'Secret title' }));
    await ok(call(t, shop, 'publishMembershipPost', { postId: post.id }));
    const titles = async () => (await loadStorefrontProductDetail(t.db, shop.storeId, club.slug))?.membershipPosts?.map((one) => one.title) ?? [];
    expect(await titles()).toContain('Secret title');
    expect((await ok<{ showLockedTitles: boolean }>(call(t, shop, 'listMembershipPosts', { productId: club.id }))).showLockedTitles).toBe(true);

    expect(await ok(call(t, shop, 'setMembershipPostTitlesShown', { productId: club.id, shown: false }))).toEqual({ showLockedTitles: false });
    expect(await titles()).toEqual([]);
    expect(JSON.stringify(await loadStorefrontProductDetail(t.db, shop.storeId, club.slug))).not.toContain('Secret title');
    expect((await ok<{ showLockedTitles: boolean }>(call(t, shop, 'listMembershipPosts', { productId: club.id }))).showLockedTitles).toBe(false);

    // Another creator's switch on this membership answers like a missing product.
    const foreign = await call(t, other, 'setMembershipPostTitlesShown', { productId: club.id, shown: true });
    const none = await call(t, other, 'setMembershipPostTitlesShown', { productId: 'prd_00000000000000000000', shown: true });
    expect([foreign.statusCode, foreign.body]).toEqual([none.statusCode, none.body]);
    expect(await titles()).toEqual([]);

    await ok(call(t, shop, 'setMembershipPostTitlesShown', { productId: club.id, shown: true }));
    expect(await titles()).toContain('Secret title');
  });
});
