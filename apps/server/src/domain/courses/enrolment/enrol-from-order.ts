import { membersUrl, memberCoursePath } from '@shopfront/core';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { courseEnrolments, customers, orderGrants, products, stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { courseEnrolmentEmail } from '#src/providers/email/templates/course-enrolment.ts';
import { scheduleUnlockNotice } from '../unlock-notices/schedule-unlock-notice.ts';

export interface EnrolFromOrderOptions {
  orderId: string;
  storeId: string;
  customerId: string;
  /** Paid on the test provider: drip runs on the store's test clock (decision 035). */
  testMode: boolean;
  now: Date;
}

/**
 * Enrols the buyer in every course the order grants (its lines, and the courses of a bundle
 * among them: order_grants), inside the fulfilment transaction. One enrolment per course and
 * customer: a replayed event finds it and does nothing; an enrolment a refund ended is reopened
 * with its progress (and source order) updated. The enrolment email is queued once per enrolment
 * opened, keyed by it, so a retry never sends it twice; so is the first "new lessons unlocked" check.
 */
export async function enrolFromOrder(tx: Executor, env: Pick<Env, 'publicUrl'>, options: EnrolFromOrderOptions): Promise<string[]> {
  const courses = await tx
    .select({ id: products.id, title: products.title })
    .from(orderGrants)
    .innerJoin(products, eq(products.id, orderGrants.productId))
    .where(and(eq(orderGrants.orderId, options.orderId), eq(orderGrants.storeId, options.storeId), eq(products.type, 'course')));
  if (courses.length === 0) return [];
  const enrolledAt = options.testMode ? await testClockNow(tx, { storeId: options.storeId, now: options.now }) : options.now;
  const opened: { enrolmentId: string; emailKey: string; productId: string; title: string }[] = [];
  for (const course of courses) {
    const id = newId('enr');
    const [inserted] = await tx
      .insert(courseEnrolments)
      .values({ id, storeId: options.storeId, productId: course.id, customerId: options.customerId, enrolledAt, sourceOrderId: options.orderId, testMode: options.testMode, createdAt: options.now })
      .onConflictDoNothing()
      .returning({ id: courseEnrolments.id });
    if (inserted) {
      opened.push({ enrolmentId: inserted.id, emailKey: `course-enrolment:${inserted.id}`, productId: course.id, title: course.title });
      continue;
    }
    // Taken through a membership until now: the order grants it from here on, without a second welcome.
    const linked = await tx
      .update(courseEnrolments)
      .set({ sourceOrderId: options.orderId })
      .where(and(eq(courseEnrolments.productId, course.id), eq(courseEnrolments.customerId, options.customerId), eq(courseEnrolments.storeId, options.storeId), isNull(courseEnrolments.endedAt), isNull(courseEnrolments.sourceOrderId)))
      .returning({ id: courseEnrolments.id });
    if (linked.length > 0) continue;
    // Bought again after a refund ended it: the same enrolment opens again, progress intact.
    const [reopened] = await tx
      .update(courseEnrolments)
      .set({ endedAt: null, sourceOrderId: options.orderId, testMode: options.testMode })
      .where(and(eq(courseEnrolments.productId, course.id), eq(courseEnrolments.customerId, options.customerId), eq(courseEnrolments.storeId, options.storeId), isNotNull(courseEnrolments.endedAt)))
      .returning({ id: courseEnrolments.id });
    if (reopened) opened.push({ enrolmentId: reopened.id, emailKey: `course-enrolment:${reopened.id}:${options.orderId}`, productId: course.id, title: course.title });
  }
  if (opened.length > 0) await queueEnrolmentEmails(tx, env, options, opened);
  const enrolments = opened.length > 0 ? await tx.select().from(courseEnrolments).where(inArray(courseEnrolments.id, opened.map((row) => row.enrolmentId))) : [];
  for (const enrolment of enrolments) await scheduleUnlockNotice(tx, enrolment);
  return opened.map((row) => row.enrolmentId);
}

async function queueEnrolmentEmails(
  tx: Executor,
  env: Pick<Env, 'publicUrl'>,
  options: EnrolFromOrderOptions,
  opened: { emailKey: string; productId: string; title: string }[],
): Promise<void> {
  const [row] = await tx
    .select({ store: stores, email: customers.email, name: customers.name })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(and(eq(customers.id, options.customerId), eq(customers.storeId, options.storeId)));
  if (!row) return;
  for (const course of opened) {
    const courseUrl = `${membersUrl(row.store, { origin: env.publicUrl })}${memberCoursePath(course.productId)}`;
    const rendered = courseEnrolmentEmail({ productName: row.store.name, studentName: row.name, courseTitle: course.title, courseUrl });
    await enqueueEmail(tx, { to: row.email, ...rendered, tags: ['course-enrolment'] }, { idempotencyKey: course.emailKey });
  }
}
