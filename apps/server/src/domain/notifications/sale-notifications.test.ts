import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { jobs, orders, stores } from '#src/db/schema/index.ts';
import { insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { SALE_DIGEST_KIND, scheduleSaleDigest } from './sale-digest-job.ts';
import { sendSaleDigests } from './send-sale-digests.ts';

describe('sale emails to the creator', () => {
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A creator with their own store set to `mode`. */
  async function storeWith(mode: 'each' | 'daily' | 'off') {
    const email = `seller-${++counter}@example.com`;
    const creator: TestCreator = await signedInCreator(t, { email });
    const store = await createStoreAs(t, creator, `sale-mail-${counter}`);
    await callFunction(t.app, 'updateSaleNotifications', { storeId: store.id, saleNotifications: mode }, { as: creator });
    return { email, store };
  }

  it('each sale (the default): one email per order, worded for a paid sale and for a free claim', async () => {
    const { email, store } = await storeWith('each');
    const paid = await insertProduct(t, store.id, { priceCents: 2500, title: 'Poster Pack' });
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: paid.id, email: 'bea@example.com', name: 'Bea' });
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    const [sale, ...others] = await queuedEmails(t, email);
    expect(others).toEqual([]);
    expect(sale?.subject).toBe('You made a sale: Poster Pack ($25.00)');
    expect(sale?.text).toContain('Poster Pack — $25.00 — Bea <bea@example.com>');
    expect(sale?.text).toContain(`${TEST_PUBLIC_URL}/dashboard/sales`);

    const free = await insertProduct(t, store.id, { type: 'lead-magnet', priceMode: 'free', priceCents: 0, title: 'Glaze Guide' });
    await startCheckout(t, { storeId: store.id, productId: free.id, email: 'fay@example.com', name: 'Fay' });
    const [claim] = await queuedEmails(t, email);
    expect(claim?.subject).toBe('New free download: Glaze Guide');
    expect(claim?.text).toContain('Glaze Guide — Free — Fay <fay@example.com>');
  });

  it('escapes what creators and buyers wrote', async () => {
    const { email, store } = await storeWith('each');
    const product = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0, title: '<img src=x onerror=alert(1)>' });
    await startCheckout(t, { storeId: store.id, productId: product.id, email: 'eve@example.com', name: '<b>Eve</b>' });
    const [sale] = await queuedEmails(t, email);
    expect(sale?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(sale?.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(sale?.html).not.toContain('<img src=x');
    expect(sale?.html).not.toContain('<b>Eve');
  });

  it('daily digest and off: no email per sale', async () => {
    for (const mode of ['daily', 'off'] as const) {
      const { email, store } = await storeWith(mode);
      const product = await insertProduct(t, store.id, { priceMode: 'free', priceCents: 0 });
      await startCheckout(t, { storeId: store.id, productId: product.id });
      expect(await queuedEmails(t, email), mode).toEqual([]);
    }
  });

  describe('the daily digest', () => {
    const day = '2030-05-04';
    const at = (time: string) => new Date(`${day}T${time}Z`);

    /** A free order, then moved to `when` (orders only come from payment events). */
    async function saleAt(storeId: string, when: Date, title = 'Zine') {
      const product = await insertProduct(t, storeId, { priceMode: 'free', priceCents: 0, title });
      const { orderId } = await startCheckout(t, { storeId, productId: product.id, name: 'Dee', email: 'dee@example.com' });
      await t.db.update(orders).set({ createdAt: when }).where(eq(orders.id, orderId!));
    }

    it("lists the day's sales, once per store and day however often it runs; none for a day without sales", async () => {
      const daily = await storeWith('daily');
      const quiet = await storeWith('daily');
      const each = await storeWith('each');
      await saleAt(daily.store.id, at('00:00:00.000'), 'First <Zine>');
      await saleAt(daily.store.id, at('23:59:59.999'), 'Last Zine');
      await saleAt(daily.store.id, new Date(`2030-05-05T00:00:00.000Z`), 'Next Day Zine');
      await saleAt(quiet.store.id, new Date(`2030-05-03T12:00:00.000Z`), 'Day Before Zine');
      await saleAt(each.store.id, at('12:00:00.000'));
      const eachBefore = (await queuedEmails(t, each.email)).length;

      // Midnight UTC: the UTC stores' day just ended.
      const midnight = new Date('2030-05-05T00:00:00.000Z');
      expect(await sendSaleDigests(t.db, { at: midnight, publicUrl: TEST_PUBLIC_URL })).toEqual({ stores: 1 });
      expect(await sendSaleDigests(t.db, { at: midnight, publicUrl: TEST_PUBLIC_URL })).toEqual({ stores: 1 });
      // Any other hour is not a UTC store's midnight: nothing more.
      expect(await sendSaleDigests(t.db, { at: new Date('2030-05-05T01:00:00.000Z'), publicUrl: TEST_PUBLIC_URL })).toEqual({ stores: 0 });
      const digests = await queuedEmails(t, daily.email);
      expect(digests).toHaveLength(1);
      expect(digests[0]?.subject).toBe(`Store ${daily.store.slug}: 2 sales on Saturday, May 4, 2030`);
      expect(digests[0]?.text).toContain('First <Zine> — Free — Dee <dee@example.com>');
      expect(digests[0]?.html).toContain('First &lt;Zine&gt;');
      expect(digests[0]?.text).toContain('Last Zine');
      expect(digests[0]?.text).not.toContain('Next Day Zine');
      expect(await queuedEmails(t, quiet.email)).toEqual([]);
      expect(await queuedEmails(t, each.email)).toHaveLength(eachBefore);
    });

    it("follows the store's time zone: a Berlin store's day ends at 22:00 UTC in May", async () => {
      const berlin = await storeWith('daily');
      await t.db.update(stores).set({ timeZone: 'Europe/Berlin' }).where(eq(stores.id, berlin.store.id));
      await saleAt(berlin.store.id, new Date('2030-05-03T22:30:00.000Z'), 'Early Berlin Zine'); // 00:30 on 4 May in Berlin
      await saleAt(berlin.store.id, new Date('2030-05-04T21:59:00.000Z'), 'Late Berlin Zine'); // 23:59 on 4 May in Berlin
      await saleAt(berlin.store.id, new Date('2030-05-04T22:30:00.000Z'), 'Next Berlin Zine'); // 00:30 on 5 May in Berlin
      expect(await sendSaleDigests(t.db, { at: new Date('2030-05-04T21:00:00.000Z'), publicUrl: TEST_PUBLIC_URL })).toEqual({ stores: 0 });
      await sendSaleDigests(t.db, { at: new Date('2030-05-04T22:00:00.000Z'), publicUrl: TEST_PUBLIC_URL });
      const [digest, ...more] = await queuedEmails(t, berlin.email);
      expect(more).toEqual([]);
      expect(digest?.subject).toBe(`Store ${berlin.store.slug}: 2 sales on Saturday, May 4, 2030`);
      expect(digest?.text).toContain('Early Berlin Zine');
      expect(digest?.text).toContain('Late Berlin Zine');
      expect(digest?.text).not.toContain('Next Berlin Zine');
    });

    it("runs in the server's job runner after the hour and schedules the next hour", async () => {
      const daily = await storeWith('daily');
      await saleAt(daily.store.id, new Date('2032-02-02T10:00:00.000Z'), 'Runner Zine');
      await scheduleSaleDigest(t.db, new Date('2032-02-02T23:30:00.000Z'));
      const now = new Date('2032-02-03T00:06:00.000Z');
      const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: () => now });
      await runner.runDue();
      // The runner also delivers the digest it queued, so the email is looked up by its key.
      const digests = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.idempotencyKey, `send-email:sale-digest:${daily.store.id}:2032-02-02`));
      expect(digests).toHaveLength(1);
      const next = await t.db.select({ payload: jobs.payload, runAt: jobs.runAt, status: jobs.status }).from(jobs).where(eq(jobs.kind, SALE_DIGEST_KIND));
      expect(next.find((job) => (job.payload as { hour: string }).hour === '2032-02-03T01:00:00.000Z')).toMatchObject({
        status: 'pending',
        runAt: new Date('2032-02-03T01:05:00.000Z'),
      });
    });

    it('is scheduled once an hour, just after the hour, however often it is asked', async () => {
      await scheduleSaleDigest(t.db, new Date('2031-01-10T08:00:00Z'));
      await scheduleSaleDigest(t.db, new Date('2031-01-10T08:59:00Z'));
      const scheduled = await t.db.select({ payload: jobs.payload, runAt: jobs.runAt }).from(jobs).where(eq(jobs.kind, SALE_DIGEST_KIND));
      const forHour = scheduled.filter((job) => (job.payload as { hour: string }).hour === '2031-01-10T09:00:00.000Z');
      expect(forHour.map((job) => job.runAt.toISOString())).toEqual(['2031-01-10T09:05:00.000Z']);
    });
  });
});
