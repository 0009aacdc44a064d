// Exports the stores, calls and checkouts the booking function tests share (functions/bookings, functions/member-bookings).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bookings, products, type CallSettingsRow } from '#src/db/schema/index.ts';
import { REFUND_LOST_BOOKING_KIND, refundLostBookingJobs } from '#src/domain/bookings/booking-refunds.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { checkoutCall, payWithCard } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

/** Sunday 2030-06-02 12:00 UTC: the next open times are Monday 09:00 Berlin (07:00 UTC) on. */
export const NOW = Date.parse('2030-06-02T12:00:00Z');
/** Monday's four calls (30 minutes, 15 after): 07:00, 07:45, 08:30 and 09:15 UTC. */
export const MONDAY = ['2030-06-03T07:00:00.000Z', '2030-06-03T07:45:00.000Z', '2030-06-03T08:30:00.000Z', '2030-06-03T09:15:00.000Z'] as const;

export interface CallShop {
  owner: TestCreator;
  storeId: string;
  slug: string;
}

let counter = 0;

/** A creator's store with Berlin weekday mornings. */
export async function callShop(t: TestApp, now: Date): Promise<CallShop> {
  const owner = await signedInCreator(t, { now });
  const slug = `calls-${++counter}-${now.getTime().toString(36)}`;
  const store = await createStoreAs(t, owner, slug);
  await seedAvailability(t, store.id);
  return { owner, storeId: store.id, slug };
}

/**
 * For one describe block: a fresh app on a manual clock at NOW and a call shop in it, made before
 * its tests and closed after. `t` and `shop` are read inside the tests (they are set by then).
 */
export function callShopSuite() {
  const suite = { clock: manualClock(new Date(NOW)), t: undefined as unknown as TestApp, shop: undefined as unknown as CallShop };
  beforeAll(async () => {
    suite.t = await createTestApp({ now: suite.clock.now });
    suite.shop = await callShop(suite.t, suite.clock.now());
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/** A published call product (50.00 by default) with its settings. */
export async function publishedCall(t: TestApp, shop: CallShop, settings: Partial<Omit<CallSettingsRow, 'productId' | 'storeId'>> = {}, price: { priceMode?: 'fixed' | 'free'; priceCents?: number } = {}) {
  const productId = await seedCallProduct(t, shop.storeId, settings);
  await t.db.update(products).set({ status: 'published', ...price }).where(eq(products.id, productId));
  return productId;
}

export const asCreator = (t: TestApp, shop: CallShop) => (name: string, data: Record<string, unknown> = {}) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: shop.owner });

/** A buyer's checkout for a call at `start` (New York by default). */
export const bookCall = (t: TestApp, shop: CallShop, productId: string, start: string, extra: Record<string, unknown> = {}) =>
  checkoutCall(t, { storeId: shop.storeId, productId, booking: { start, timeZone: 'America/New_York', answers: {} }, ...extra });

/** Books and pays a call with the test card; answers the checkout and order ids. */
export async function paidCall(t: TestApp, shop: CallShop, productId: string, start: string, extra: Record<string, unknown> = {}) {
  const response = await bookCall(t, shop, productId, start, extra);
  if (response.statusCode !== 200) throw new Error(`createCheckout: ${response.body}`);
  const { checkoutId } = (response.json() as { result: { checkoutId: string } }).result;
  const paid = await payWithCard(t, checkoutId, '4242 4242 4242 4242');
  if (paid.statusCode >= 400) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.checkoutId, checkoutId));
  if (!booking?.orderId) throw new Error('the paid call has no confirmed booking');
  return { checkoutId, orderId: booking.orderId, bookingId: booking.id };
}

export async function bookingsOf(t: TestApp, storeId: string) {
  return t.db.select().from(bookings).where(eq(bookings.storeId, storeId));
}

/** Runs the due refund-lost-booking jobs as the app's runner would. */
export async function runLostBookingRefunds(t: TestApp, now: () => Date): Promise<number> {
  const runner = createJobRunner({ db: t.db, handlers: refundLostBookingJobs({ db: t.db, env: t.env }), log: silentLog, now, kinds: { only: [REFUND_LOST_BOOKING_KIND] } });
  return runner.runDue();
}
