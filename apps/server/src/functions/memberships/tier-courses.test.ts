import { COURSE_MESSAGES, MEMBERSHIP_LIMITS, MEMBERSHIP_MESSAGES as M, type MembershipTier, type StorefrontData } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, jobs, products, stores } from '#src/db/schema/index.ts';
import { signedInMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCourse } from '#src/testing/courses.ts';
import { insertOrder } from '#src/testing/customers.ts';
import { CARDS, card } from '#src/testing/memberships.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { enrolFromOrder } from '#src/domain/courses/enrolment/enrol-from-order.ts';
import { endRefundedEnrolments } from '#src/domain/courses/enrolment/end-refunded-enrolments.ts';
import { call, newMembership, newTier, ok, shopAndStranger, type Shop } from './membership-fixtures.ts';

/** Courses in a membership tier: the creator's list, enrolment while access lasts, and the lock after. */
describe('courses in a membership tier', () => {
  const clock = manualClock(new Date('2026-05-04T10:00:00Z'));
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let tier: MembershipTier;
  let course: string;
  let lesson: string;
  let secondCourse: string;
  let foreignCourse: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ({ shop, other } = await shopAndStranger(t, clock.now, 'tiercourse'));
    const membership = await newMembership(t, shop);
    tier = await newTier(t, shop, membership.id);
    const seeded = await seedCourse(t, shop.storeId, [{ lessons: [{}] }]);
    course = seeded.productId;
    lesson = seeded.outline[0]!.lessonIds[0]!;
    secondCourse = (await seedCourse(t, shop.storeId, [{ lessons: [{}] }])).productId;
    foreignCourse = (await seedCourse(t, other.storeId, [{ lessons: [{}] }])).productId;
  });
  afterAll(() => t?.close());

  const setCourses = (courses: string[], tierId = tier.id, as = shop) => call(t, as, 'setMembershipTierCourses', { tierId, courses });
  const refusal = async (reply: ReturnType<typeof call>) => {
    const response = await reply;
    return { status: response.statusCode, message: (response.json() as { error: { message: string } }).error.message };
  };

  async function member() {
    const student = await signedInMember(t, shop.storeId, { now: clock.now() });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId: tier.id, customerId: student.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(started.kind);
    return { student, membershipId: started.membershipId };
  }
  const myCourseLists = async (student: { headers: Record<string, string> }) => {
    const response = await callFunction(t.app, 'listMyCourses', { storeId: shop.storeId }, { as: student });
    const { courses, locked } = (response.json() as { result: { courses: { productId: string }[]; locked: { productId: string }[] } }).result;
    return { courses: courses.map((row) => row.productId), locked: locked.map((row) => row.productId) };
  };
  const myCourses = async (student: { headers: Record<string, string> }) => (await myCourseLists(student)).courses;
  const myCourseStatus = async (student: { headers: Record<string, string> }, productId: string) =>
    (await callFunction(t.app, 'getMyCourse', { storeId: shop.storeId, productId }, { as: student })).statusCode;

  const myLessonStatus = async (student: { headers: Record<string, string> }, lessonId: string) => {
    const response = await callFunction(t.app, 'getMyLesson', { storeId: shop.storeId, lessonId }, { as: student });
    return response.statusCode === 200 ? 200 : `${response.statusCode} ${(response.json() as { error: { message: string } }).error.message}`;
  };

  it('lists the tier’s courses in the order given, and replaces the list', async () => {
    const set = await ok<MembershipTier>(setCourses([secondCourse, course]));
    expect(set.courses.map((row) => row.id)).toEqual([secondCourse, course]);
    const listed = await ok<{ tiers: MembershipTier[] }>(call(t, shop, 'listMembershipTiers', { productId: tier.productId }));
    expect(listed.tiers[0]!.courses.map((row) => row.id)).toEqual([secondCourse, course]);
    expect((await ok<MembershipTier>(setCourses([]))).courses).toEqual([]);
  });

  it('lists the courses under the tier on the membership’s product page once they are set', async () => {
    await ok(setCourses([]));
    const [store] = await t.db.select().from(stores).where(eq(stores.id, shop.storeId));
    await t.db.update(products).set({ status: 'published' }).where(eq(products.id, tier.productId));
    await t.db.update(products).set({ title: 'Watercolour basics' }).where(eq(products.id, course));
    const [membership] = await t.db.select().from(products).where(eq(products.id, tier.productId));
    const tiersOnPage = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/storefront?slug=${store!.slug}&product=${membership!.slug}` });
      return (response.json() as StorefrontData).product?.membershipTiers?.[0]?.courses;
    };
    expect(await tiersOnPage()).toEqual([]);
    await ok(setCourses([course, secondCourse]));
    // The cached page hears of the change by NOTIFY after the commit; a draft course is not shown.
    await expect.poll(tiersOnPage, { timeout: 5_000 }).toEqual([]);
    await t.db.update(products).set({ status: 'published' }).where(eq(products.id, course));
    await ok(setCourses([course, secondCourse]));
    await expect.poll(tiersOnPage, { timeout: 5_000 }).toEqual(['Watercolour basics']);
  });

  it('refuses another store’s course, a product that is not a course and a repeated course, changing nothing', async () => {
    await ok(setCourses([course]));
    expect(await refusal(setCourses([course, foreignCourse]))).toEqual({ status: 404, message: M.tierCourseNotFound });
    expect(await refusal(setCourses([tier.productId]))).toEqual({ status: 404, message: M.tierCourseNotFound });
    expect(await refusal(setCourses([course, course]))).toMatchObject({ status: 400, message: M.tierCourseTwice });
    const listed = await ok<{ tiers: MembershipTier[] }>(call(t, shop, 'listMembershipTiers', { productId: tier.productId }));
    expect(listed.tiers[0]!.courses.map((row) => row.id)).toEqual([course]);
  });

  it('takes at most the limit of courses: one more is refused before anything is read', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => newId('prd'));
    // At the limit the list is read, and these made-up ids are not the store's courses.
    expect(await refusal(setCourses(ids(MEMBERSHIP_LIMITS.coursesPerTier)))).toEqual({ status: 404, message: M.tierCourseNotFound });
    expect(await refusal(setCourses(ids(MEMBERSHIP_LIMITS.coursesPerTier + 1)))).toMatchObject({ status: 400, message: M.tooManyTierCourses });
  });

  it('answers another creator’s tier like a missing one', async () => {
    expect(await refusal(setCourses([course], tier.id, other))).toEqual({ status: 404, message: M.tierNotFound });
  });

  it('enrols members who have access when a course is added, once, with an enrolment email job', async () => {
    await ok(setCourses([]));
    const { student } = await member();
    expect(await myCourses(student)).toEqual([]);
    await ok(setCourses([course]));
    await ok(setCourses([course, secondCourse]));
    expect((await myCourses(student)).sort()).toEqual([course, secondCourse].sort());
    const enrolments = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.customerId, student.id));
    expect(enrolments).toHaveLength(2);
    for (const enrolment of enrolments) {
      const queued = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'membership-course-enrolment'), eq(jobs.idempotencyKey, `membership-course-enrolment:${enrolment.id}`)));
      expect(queued).toHaveLength(1);
    }
  });

  it('enrols a member who joins after the course is in the tier', async () => {
    await ok(setCourses([course]));
    const { student } = await member();
    expect(await myCourses(student)).toEqual([course]);
    expect(await myCourseStatus(student, course)).toBe(200);
  });

  it('locks the course when the membership ends, and opens it again with progress when they buy it', async () => {
    await ok(setCourses([course]));
    const { student, membershipId } = await member();
    expect(await myCourseStatus(student, course)).toBe(200);
    expect(await myLessonStatus(student, lesson)).toBe(200);
    expect((await myCourseLists(student)).locked).toEqual([]);
    await ok(call(t, shop, 'cancelMember', { membershipId, when: 'now' }));
    expect(await myCourseLists(student)).toEqual({ courses: [], locked: [course] });
    expect(await myCourseStatus(student, course)).toBe(404);
    // As for a student who never bought it.
    expect(await myLessonStatus(student, lesson)).toBe(`403 ${COURSE_MESSAGES.notEnrolled}`);
    const [enrolment] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.customerId, student.id));
    expect(enrolment).toMatchObject({ endedAt: null, sourceMembershipId: membershipId, sourceOrderId: null });
    const orderId = await insertOrder(t, { storeId: shop.storeId, customerId: student.id, productId: course });
    await t.db.transaction((tx) => enrolFromOrder(tx, t.env, { orderId, storeId: shop.storeId, customerId: student.id, testMode: false, now: clock.now() }));
    expect(await myCourses(student)).toEqual([course]);
    expect((await myCourseLists(student)).locked).toEqual([]);
    const [after] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.customerId, student.id));
    expect(after!.id).toBe(enrolment!.id);
  });

  it('keeps a bought course a member also takes through the tier when the order is refunded, while access lasts', async () => {
    await ok(setCourses([course]));
    const { student, membershipId } = await member();
    const orderId = await insertOrder(t, { storeId: shop.storeId, customerId: student.id, productId: course });
    await t.db.transaction((tx) => enrolFromOrder(tx, t.env, { orderId, storeId: shop.storeId, customerId: student.id, testMode: false, now: clock.now() }));
    await t.db.transaction((tx) => endRefundedEnrolments(tx, { id: orderId, storeId: shop.storeId, customerId: student.id }, clock.now()));
    expect(await myCourses(student)).toEqual([course]);
    await ok(call(t, shop, 'cancelMember', { membershipId, when: 'now' }));
    expect(await myCourses(student)).toEqual([]);
  });

  it('locks the course for its members when the creator takes it off the tier', async () => {
    await ok(setCourses([course, secondCourse]));
    const { student } = await member();
    await ok(setCourses([secondCourse]));
    expect(await myCourses(student)).toEqual([secondCourse]);
    expect(await myCourseStatus(student, course)).toBe(404);
  });
});
