import { COMMERCE_MESSAGES, MEMBERSHIP_MESSAGES as M, type MembershipTier, type MyMembershipFile, type Product } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { CARDS, card, membershipRow, testClockDriver } from '#src/testing/memberships.ts';
import { seedProduct } from '#src/testing/orders.ts';
import { uploadFile } from '#src/testing/products.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, newMembership, newTier, ok, refusalOf, shopAndStranger, type Shop } from './membership-fixtures.ts';

const GUIDE = Buffer.alloc(3000, 7);
const PATTERNS = Buffer.alloc(1200, 3);
const html = (message: string) => message.replace(/'/g, '&#39;');

type MyFiles = { memberships: { membershipId: string; access: string; files: MyMembershipFile[] }[] };

/** Files in a membership tier: the creator's list, downloads while access lasts, and the lock after. */
describe('files in a membership tier', () => {
  const clock = manualClock(new Date('2030-03-02T10:00:00Z'));
  const setup = envWithDataDir();
  let t: TestApp;
  let driver: ReturnType<typeof testClockDriver>;
  let shop: Shop;
  let other: Shop;
  let membership: Product;
  let tier: MembershipTier;
  let upper: MembershipTier;
  let guide: string;
  let patterns: string;
  let foreignFile: string;
  let foreignTier: MembershipTier;
  let downloadFile: string;

  /** PUT through the product-file upload route, as the dashboard's files section does. */
  async function upload(as: Shop, productId: string, name: string, bytes: Buffer): Promise<string> {
    const response = await uploadFile(t, as.owner, { storeId: as.storeId, productId }, bytes, { 'x-file-name': name });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode}: ${response.body}`);
    return (response.json() as Product).files.find((file) => file.name === name)!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env, now: clock.now });
    driver = testClockDriver(t, clock.now);
    ({ shop, other } = await shopAndStranger(t, clock.now, 'tierfile'));
    membership = await newMembership(t, shop);
    tier = await newTier(t, shop, membership.id, { pausable: true });
    upper = await newTier(t, shop, membership.id, { name: 'Patron', monthlyPriceCents: 2000 });
    guide = await upload(shop, membership.id, 'guide.pdf', GUIDE);
    patterns = await upload(shop, membership.id, 'patterns.pdf', PATTERNS);
    const strangers = await newMembership(t, other);
    foreignTier = await newTier(t, other, strangers.id);
    foreignFile = await upload(other, strangers.id, 'theirs.pdf', GUIDE);
    downloadFile = (await seedProduct(t, shop.storeId, { files: [{ name: 'sold.pdf', bytes: GUIDE }] })).files[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const setFiles = (files: string[], tierId = tier.id, as = shop) => call(t, as, 'setMembershipTierFiles', { tierId, files });
  const myFiles = async (member: TestMember) => {
    const response = await callFunction(t.app, 'listMyMembershipFiles', { storeId: shop.storeId }, { as: member });
    if (response.statusCode !== 200) throw new Error(response.body);
    return (response.json() as { result: MyFiles }).result.memberships;
  };
  const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const memberLink = (membershipId: string, fileId: string) =>
    `/api/downloads/file/${signDownloadToken(t.env, { kind: 'member-file', membershipId, fileId, expiresAt: clock.now().getTime() + 60_000 })}`;

  async function member(tierId = tier.id) {
    const who = await signedInMember(t, shop.storeId, { now: clock.now() });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId, customerId: who.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(started.kind);
    return { who, membershipId: started.membershipId };
  }

  it('takes uploads on a membership product, and lists a tier’s files in the order given', async () => {
    const product = await ok<Product>(call(t, shop, 'getProduct', { productId: membership.id }));
    expect(product.files.map((file) => file.name).sort()).toEqual(['guide.pdf', 'patterns.pdf']);
    const set = await ok<MembershipTier>(setFiles([patterns, guide]));
    expect(set.files).toEqual([
      { id: patterns, name: 'patterns.pdf' },
      { id: guide, name: 'guide.pdf' },
    ]);
    const listed = await ok<{ tiers: MembershipTier[] }>(call(t, shop, 'listMembershipTiers', { productId: membership.id }));
    expect(listed.tiers.find((row) => row.id === tier.id)!.files.map((file) => file.id)).toEqual([patterns, guide]);
    expect(listed.tiers.find((row) => row.id === upper.id)!.files).toEqual([]);
  });

  it('answers another store’s tier exactly like a missing one', async () => {
    const missing = await refusalOf(setFiles([], 'mtr_aaaaaaaaaaaaaaaaaaaa'));
    expect(await refusalOf(setFiles([], foreignTier.id))).toEqual(missing);
    expect(missing.status).toBe(404);
  });

  it('refuses another store’s file, another product’s file and a file twice, and changes nothing', async () => {
    await ok(setFiles([guide]));
    const notFound = { status: 404, message: M.tierFileNotFound };
    expect(await refusalOf(setFiles([guide, foreignFile]))).toEqual(notFound);
    expect(await refusalOf(setFiles([downloadFile]))).toEqual(notFound);
    expect(await refusalOf(setFiles(['file_aaaaaaaaaaaaaaaaaaaa']))).toEqual(notFound);
    expect(await refusalOf(setFiles([guide, guide]))).toEqual({ status: 400, message: M.tierFileTwice });
    const listed = await ok<{ tiers: MembershipTier[] }>(call(t, shop, 'listMembershipTiers', { productId: membership.id }));
    expect(listed.tiers.find((row) => row.id === tier.id)!.files.map((file) => file.id)).toEqual([guide]);
  });

  it('gives a member with access signed links to the tier’s files, and only those', async () => {
    await ok(setFiles([guide]));
    await ok(setFiles([patterns], upper.id));
    const { who, membershipId } = await member();
    const [mine] = await myFiles(who);
    expect(mine).toMatchObject({ membershipId, access: 'open', files: [{ id: guide, name: 'guide.pdf', sizeBytes: GUIDE.length, downloadsLeft: null }] });
    const downloaded = await fetchUrl(mine!.files[0]!.url!);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(GUIDE)).toBe(true);
    // The upper tier's file, another store's file and a download product's file: not this member's.
    for (const fileId of [patterns, foreignFile, downloadFile]) {
      const refused = await t.app.inject({ method: 'GET', url: memberLink(membershipId, fileId) });
      expect([refused.statusCode, refused.body.includes(COMMERCE_MESSAGES.fileNotFound)]).toEqual([404, true]);
    }
  });

  it('keeps the membership product’s download limit per member and file', async () => {
    await ok(setFiles([guide]));
    expect((await call(t, shop, 'setDownloadLimit', { productId: membership.id, downloadLimit: 1 })).statusCode).toBe(200);
    const { who } = await member();
    const url = (await myFiles(who))[0]!.files[0]!.url!;
    expect((await fetchUrl(url)).statusCode).toBe(200);
    const refused = await fetchUrl(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(html(M.fileDownloadLimitReached));
    expect((await myFiles(who))[0]!.files[0]).toMatchObject({ downloadsLeft: 0, url: null });
    // Another member has their own count.
    const second = await member();
    expect((await fetchUrl((await myFiles(second.who))[0]!.files[0]!.url!)).statusCode).toBe(200);
    await call(t, shop, 'setDownloadLimit', { productId: membership.id, downloadLimit: null });
  });

  it('stops a cancelled member’s signed file link, and lists the files locked with the renew answer', async () => {
    await ok(setFiles([guide]));
    const { who, membershipId } = await member();
    const url = (await myFiles(who))[0]!.files[0]!.url!;
    expect((await fetchUrl(url)).statusCode).toBe(200);
    expect((await call(t, shop, 'cancelMember', { membershipId, when: 'now' })).statusCode).toBe(200);
    const refused = await fetchUrl(url);
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain(html(M.filesLocked));
    expect(await myFiles(who)).toEqual([{ membershipId, access: 'renew', files: [expect.objectContaining({ id: guide, url: null })] }]);
  });

  it('downloads until the end of a period cancelled at its end, and not a second after', async () => {
    await ok(setFiles([guide]));
    const { who, membershipId } = await member();
    const ask = (name: string) => callFunction(t.app, name, { storeId: shop.storeId, membershipId }, { as: who });
    expect((await ask('cancelMyMembership')).statusCode).toBe(200);
    const { currentPeriodEnd: periodEnd } = await membershipRow(t, membershipId);
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() - 60_000));
    const url = (await myFiles(who))[0]!.files[0]!.url!;
    expect((await fetchUrl(url)).statusCode).toBe(200);
    // Without the renewal job that ends it: access itself stops at the period end.
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() + 1000), { run: false });
    expect((await fetchUrl(url)).statusCode).toBe(410);
    expect((await myFiles(who))[0]!.access).toBe('renew');
  });

  it('locks the files while paused with the resume answer, and opens them again on resuming', async () => {
    await ok(setFiles([guide]));
    const { who, membershipId } = await member();
    const ask = (name: string) => callFunction(t.app, name, { storeId: shop.storeId, membershipId }, { as: who });
    const url = (await myFiles(who))[0]!.files[0]!.url!;
    expect((await ask('pauseMyMembership')).statusCode).toBe(200);
    const refused = await fetchUrl(url);
    expect([refused.statusCode, refused.body.includes(html(M.filesPaused))]).toEqual([410, true]);
    expect((await myFiles(who))[0]).toMatchObject({ access: 'resume', files: [{ url: null }] });
    expect((await ask('unpauseMyMembership')).statusCode).toBe(200);
    expect((await fetchUrl(url)).statusCode).toBe(200);
  });

  it('takes a deleted file off its tiers', async () => {
    const extra = await upload(shop, membership.id, 'extra.pdf', PATTERNS);
    await ok(setFiles([guide, extra]));
    expect((await call(t, shop, 'deleteProductFile', { productId: membership.id, fileId: extra })).statusCode).toBe(200);
    const listed = await ok<{ tiers: MembershipTier[] }>(call(t, shop, 'listMembershipTiers', { productId: membership.id }));
    expect(listed.tiers.find((row) => row.id === tier.id)!.files.map((file) => file.id)).toEqual([guide]);
  });
});
