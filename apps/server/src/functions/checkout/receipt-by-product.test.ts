import { memberCoursePath, membersUrl, type FunctionOutput } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCourse } from '#src/testing/courses.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

type Status = FunctionOutput<'getCheckoutStatus'>;
const status = async (t: TestApp, checkoutId: string) => (await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result as Status;
const receiptTo = async (t: TestApp, email: string) => (await queuedEmails(t, email)).filter((queued) => queued.subject.startsWith('Your receipt for'));

describe('the receipt and the thank-you page say what a call or a course order gets, not a download', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let members: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    members = membersUrl({ slug: shop.slug }, { origin: t.env.publicUrl });
  });
  afterAll(() => t?.close());

  it('a call: the time in the buyer’s zone, the join link, and the members area to change it', async () => {
    const call = await publishedCall(t, shop);
    const { checkoutId } = await paidCall(t, shop, call, MONDAY[0], { email: 'ny@example.com' });
    const [receipt] = await receiptTo(t, 'ny@example.com');
    expect(receipt!.text).toContain('Your call is booked');
    expect(receipt!.text).toContain('When: Monday, June 3, 2030, 03:00–03:30 (America/New_York, EDT)');
    expect(receipt!.text).toContain('Where: https://meet.example.com/creator');
    expect(receipt!.text).toContain(`Manage your booking:\n${members}/bookings`);
    expect(receipt!.text).not.toMatch(/download/i);
    expect((await status(t, checkoutId)).booking).toEqual({ startsAt: MONDAY[0], endsAt: '2030-06-03T07:30:00.000Z', timeZone: 'America/New_York', locationKind: 'video-url', locationValue: null });
  });

  it('a call by phone shows the number on the page; a link made per booking is said to follow', async () => {
    const phone = await publishedCall(t, shop, { locationKind: 'phone', locationValue: '+49 30 1234567' });
    const { checkoutId } = await paidCall(t, shop, phone, MONDAY[1], { email: 'phone@example.com', booking: { start: MONDAY[1], timeZone: 'Asia/Tokyo', answers: {} } });
    const [receipt] = await receiptTo(t, 'phone@example.com');
    expect(receipt!.text).toContain('When: Monday, June 3, 2030, 16:45–17:15 (Asia/Tokyo, GMT+9)');
    expect(receipt!.text).toContain('Where: Phone: +49 30 1234567');
    expect((await status(t, checkoutId)).booking).toMatchObject({ timeZone: 'Asia/Tokyo', locationKind: 'phone', locationValue: '+49 30 1234567' });

    const perBooking = await publishedCall(t, shop, { locationKind: 'per-booking-link', locationValue: null });
    await paidCall(t, shop, perBooking, MONDAY[2], { email: 'later@example.com' });
    const [later] = await receiptTo(t, 'later@example.com');
    expect(later!.text).toContain('Where: the join link will follow by email.');
  });

  it('a course: start the course from the members area', async () => {
    const { productId } = await seedCourse(t, shop.storeId, [{ lessons: [{}] }]);
    await t.db.update(products).set({ status: 'published' }).where(eq(products.id, productId));
    const { checkoutId } = await startCheckout(t, { storeId: shop.storeId, productId, email: 'learner@example.com' });
    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const [receipt] = await receiptTo(t, 'learner@example.com');
    expect(receipt!.text).toContain(`Start the course:\n${members}${memberCoursePath(productId)}`);
    expect(receipt!.text).not.toMatch(/download/i);
    const page = await status(t, checkoutId);
    expect(page).toMatchObject({ productType: 'course', coursePath: memberCoursePath(productId), files: [] });
    expect(page.booking).toBeUndefined();
  });
});
