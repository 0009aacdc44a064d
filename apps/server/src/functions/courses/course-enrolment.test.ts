import type { MyCourse } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments, customers, lessonProgress, orders } from '#src/db/schema/index.ts';
import { fulfilPayment } from '#src/domain/checkout/fulfil-payment.ts';
import { signedInMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { seedProduct } from '#src/testing/orders.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { call, courseWithLesson, ok, publish, type Shop } from '#src/testing/course-editor.ts';

describe('enrolment from a purchase, on the test provider', () => {
  const clock = manualClock(new Date('2030-06-01T10:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;
  let slug: string;
  let course: { productId: string; lessonId: string };
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, owner, 'course-sales');
    shop = { owner, storeId: store.id };
    slug = store.slug;
    const made = await courseWithLesson(t, shop, { title: 'Print at Home' });
    await publish(t, shop, made.product.id);
    course = { productId: made.product.id, lessonId: made.lessonId };
  });
  afterAll(() => t?.close());

  const newBuyer = () => `student-${++buyers}@example.com`;
  async function buy(email: string, data: Record<string, unknown> = { productId: course.productId }) {
    const { checkoutId } = await startCheckout(t, { storeId: shop.storeId, email, ...data });
    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBe(303);
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    return { checkoutId, order: order! };
  }
  const enrolmentsOf = async (email: string) =>
    t.db
      .select({ enrolment: courseEnrolments })
      .from(courseEnrolments)
      .innerJoin(customers, eq(customers.id, courseEnrolments.customerId))
      .where(and(eq(customers.email, email), eq(customers.storeId, shop.storeId)))
      .then((rows) => rows.map((row) => row.enrolment));
  const enrolmentEmails = async (email: string) => (await queuedEmails(t, email)).filter((message) => message.tags?.includes('course-enrolment'));
  const refund = (orderId: string, amountCents?: number) => ok(call(t, shop, 'refundOrder', { orderId, ...(amountCents ? { amountCents } : {}) }));

  it('enrols the buyer once, from the paid order, on the test clock, and queues one enrolment email', async () => {
    const email = newBuyer();
    const { checkoutId, order } = await buy(email);
    const [enrolment] = await enrolmentsOf(email);
    expect(enrolment).toMatchObject({ productId: course.productId, customerId: order.customerId, sourceOrderId: order.id, testMode: true, enrolledAt: clock.now(), endedAt: null });
    const [message] = await enrolmentEmails(email);
    expect(message!.subject).toBe('You’re enrolled in Print at Home');
    expect(message!.text).toContain('Start the course');
    expect(message!.text).toContain(`${TEST_PUBLIC_URL}/${slug}/members/courses/${course.productId}`);

    // The payment event delivered again (a webhook retry) changes nothing.
    const replay = await fulfilPayment(t.db, t.env, { eventId: `test_${checkoutId}`, provider: 'test', checkoutId, providerPaymentId: null, amountCents: order.amountCents, currency: order.currency }, clock.now());
    expect(replay).toEqual({ orderId: order.id, replay: true });
    expect(await enrolmentsOf(email)).toEqual([enrolment]);
    expect(await enrolmentEmails(email)).toHaveLength(1);
  });

  it('enrols from a bundle that includes the course and from an order bump, at the discounted price too', async () => {
    const bundle = await seedProduct(t, shop.storeId, { title: 'Everything' });
    expect((await call(t, shop, 'updateProduct', { productId: bundle.id, bundleProductIds: [course.productId] })).statusCode).toBe(200);
    const viaBundle = newBuyer();
    const { order } = await buy(viaBundle, { productId: bundle.id });
    expect(await enrolmentsOf(viaBundle)).toMatchObject([{ productId: course.productId, sourceOrderId: order.id }]);
    expect(await enrolmentEmails(viaBundle)).toHaveLength(1);

    const zine = await seedProduct(t, shop.storeId, { title: 'Zine', files: [{ name: 'z.pdf', bytes: Buffer.from('z') }] });
    expect((await call(t, shop, 'updateProduct', { productId: zine.id, bumpProductId: course.productId, bumpPriceCents: 1000 })).statusCode).toBe(200);
    const viaBump = newBuyer();
    const bumped = await buy(viaBump, { productId: zine.id, orderBump: true });
    expect(bumped.order.amountCents).toBe(1250 + 1000);
    expect(await enrolmentsOf(viaBump)).toMatchObject([{ productId: course.productId, sourceOrderId: bumped.order.id }]);

    await ok(call(t, shop, 'createDiscountCode', { fields: { code: 'HALF', kind: 'percent', value: 50, productId: course.productId, expiresAt: null, maxUses: null, maxUsesPerEmail: null, minPriceCents: 0, active: true } }));
    const discounted = newBuyer();
    const withCode = await buy(discounted, { productId: course.productId, discountCode: 'HALF' });
    expect(withCode.order.amountCents).toBe(2450);
    expect(await enrolmentsOf(discounted)).toHaveLength(1);
  });

  it('ends access on a full refund, keeps progress, and a new purchase reopens the same enrolment', async () => {
    const email = newBuyer();
    const { order } = await buy(email);
    const [enrolment] = await enrolmentsOf(email);
    await t.db.insert(lessonProgress).values({ enrolmentId: enrolment!.id, lessonId: course.lessonId, storeId: shop.storeId, positionSeconds: 12, completedAt: clock.now() });

    await refund(order.id, 100);
    expect((await enrolmentsOf(email))[0]!.endedAt).toBeNull();
    clock.advance(60_000);
    await refund(order.id);
    expect((await enrolmentsOf(email))[0]).toMatchObject({ id: enrolment!.id, endedAt: clock.now() });
    expect(await t.db.select().from(lessonProgress).where(eq(lessonProgress.enrolmentId, enrolment!.id))).toHaveLength(1);

    clock.advance(60_000);
    const again = await buy(email);
    expect(await enrolmentsOf(email)).toMatchObject([{ id: enrolment!.id, endedAt: null, sourceOrderId: again.order.id }]);
    expect(await enrolmentEmails(email)).toHaveLength(2);
  });

  it('keeps access when another paid order of the buyer still grants the course', async () => {
    const email = newBuyer();
    const first = await buy(email);
    const bundle = await seedProduct(t, shop.storeId, { title: 'Course bundle' });
    await ok(call(t, shop, 'updateProduct', { productId: bundle.id, bundleProductIds: [course.productId] }));
    const second = await buy(email, { productId: bundle.id });
    expect(await enrolmentsOf(email)).toMatchObject([{ sourceOrderId: first.order.id }]);
    await refund(first.order.id);
    expect(await enrolmentsOf(email)).toMatchObject([{ sourceOrderId: second.order.id, endedAt: null }]);
    await refund(second.order.id);
    expect((await enrolmentsOf(email))[0]!.endedAt).not.toBeNull();
  });

  it('lets the enrolled buyer open the course in the members area, and not after the refund', async () => {
    const email = newBuyer();
    const { order } = await buy(email);
    const realm = await signedInMember(t, shop.storeId, { email: `x-${email}`, now: clock.now() });
    await t.db.update(courseEnrolments).set({ customerId: realm.id }).where(eq(courseEnrolments.sourceOrderId, order.id));
    await t.db.update(orders).set({ customerId: realm.id }).where(eq(orders.id, order.id));
    const open = () => callFunction(t.app, 'getMyCourse', { storeId: shop.storeId, productId: course.productId }, { as: realm });
    expect(((await open()).json() as { result: MyCourse }).result.sections).toHaveLength(1);
    await refund(order.id);
    expect((await open()).statusCode).toBe(404);
  });
});
