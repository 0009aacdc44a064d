// Exports createUnlockNoticeJobs: the "new lessons unlocked" check of one student, and the course-wide reschedule.
import { membersUrl, memberCoursePath } from '@shopfront/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { courseEnrolments, courseLessons, courseUnlockNotices, customers, emailSuppressions, products, stores, type CourseEnrolmentRow, type UnlockNoticeOutcome } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { courseLessonsUnlockedEmail } from '#src/providers/email/templates/course-lessons-unlocked.ts';
import { liveEnrolments } from '../enrolment/membership-courses.ts';
import { enrolmentNow } from '../student/my-enrolments.ts';
import { pendingOpenings, type NoticeSection } from './pending-openings.ts';
import { COURSE_UNLOCK_NOTICE_KIND, COURSE_UNLOCK_RESCHEDULE_KIND, loadNoticeState, scheduleUnlockNotice, type UnlockNoticePayload, type UnlockReschedulePayload } from './schedule-unlock-notice.ts';

const isNotice = (value: unknown): value is UnlockNoticePayload => typeof (value as UnlockNoticePayload | null)?.enrolmentId === 'string' && typeof (value as UnlockNoticePayload).storeId === 'string';
const isReschedule = (value: unknown): value is UnlockReschedulePayload => typeof (value as UnlockReschedulePayload | null)?.productId === 'string' && typeof (value as UnlockReschedulePayload).storeId === 'string';

/**
 * `course-unlock-notice`: under the enrolment's row lock, every dripped section that has opened for
 * the student (on the store's test clock for a test-mode enrolment) and was not announced gets its
 * `course_unlock_notices` row — the once-key — and, unless the student turned the emails off or
 * the store may not email the address (its suppression list: unsubscribed, bounced, complained),
 * one email keyed by the enrolment and section, in the same transaction that marks the job done.
 * Then the next check is queued. An ended enrolment gets nothing and no next check.
 * `course-unlock-reschedule`: a drip changed; queues each live student's next check.
 */
export function createUnlockNoticeJobs(options: { db: Database; publicUrl: string }): JobHandler[] {
  const { db } = options;
  return [
    {
      kind: COURSE_UNLOCK_NOTICE_KIND,
      async run(job, ctx) {
        if (!isNotice(job.payload)) throw new PermanentJobError('course-unlock-notice: bad payload');
        const { storeId, enrolmentId } = job.payload;
        await db.transaction(async (tx) => {
          const [enrolment] = await tx.select().from(courseEnrolments).where(and(eq(courseEnrolments.id, enrolmentId), eq(courseEnrolments.storeId, storeId))).for('update');
          // Ended, or only a membership grants it and its access lapsed: no email, no next check (renewing schedules one).
          if (enrolment && (await liveEnrolments(tx, [enrolment], ctx.now())).length > 0) {
            await announceOpened(tx, options.publicUrl, enrolment, await enrolmentNow(tx, enrolment, ctx.now()));
            await scheduleUnlockNotice(tx, enrolment);
          }
          await ctx.complete(tx);
        });
      },
    },
    {
      kind: COURSE_UNLOCK_RESCHEDULE_KIND,
      async run(job, ctx) {
        if (!isReschedule(job.payload)) throw new PermanentJobError('course-unlock-reschedule: bad payload');
        const { storeId, productId } = job.payload;
        await db.transaction(async (tx) => {
          const live = await tx.select().from(courseEnrolments).where(and(eq(courseEnrolments.productId, productId), eq(courseEnrolments.storeId, storeId), isNull(courseEnrolments.endedAt)));
          for (const enrolment of live) await scheduleUnlockNotice(tx, enrolment);
          await ctx.complete(tx);
        });
      },
    },
  ];
}

async function announceOpened(tx: Executor, publicUrl: string, enrolment: CourseEnrolmentRow, now: Date): Promise<void> {
  const { sections, announced } = await loadNoticeState(tx, enrolment);
  const opened = pendingOpenings(sections, enrolment, announced).filter((opening) => opening.opensAt.getTime() <= now.getTime());
  if (opened.length === 0) return;
  const [who] = await tx
    .select({
      email: customers.email,
      name: customers.name,
      store: stores,
      courseTitle: products.title,
      suppressed: sql<boolean>`exists (select 1 from ${emailSuppressions} s where s.store_id = ${enrolment.storeId} and s.email = ${customers.email})`,
    })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .innerJoin(products, and(eq(products.id, enrolment.productId), eq(products.storeId, customers.storeId)))
    .where(and(eq(customers.id, enrolment.customerId), eq(customers.storeId, enrolment.storeId)));
  if (!who) return;
  const outcome: UnlockNoticeOutcome = who.suppressed ? 'suppressed' : enrolment.lessonEmails ? 'sent' : 'opted-out';
  const written: NoticeSection[] = [];
  for (const opening of opened) {
    const [row] = await tx
      .insert(courseUnlockNotices)
      .values({ enrolmentId: enrolment.id, sectionId: opening.sectionId, storeId: enrolment.storeId, opensAt: opening.opensAt, outcome })
      .onConflictDoNothing()
      .returning({ sectionId: courseUnlockNotices.sectionId });
    if (row) written.push(sections.find((section) => section.id === opening.sectionId)!);
  }
  // One email per check: several sections open at once (the same opening, or what opened while a
  // membership's access had lapsed) are listed together, the link going to the first one's first lesson.
  if (written.length === 0 || outcome !== 'sent') return;
  const [first] = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.sectionId, written[0]!.id)).orderBy(asc(courseLessons.position), asc(courseLessons.id)).limit(1);
  const courseUrl = `${membersUrl(who.store, { origin: publicUrl })}${memberCoursePath(enrolment.productId)}`;
  const message = courseLessonsUnlockedEmail({
    productName: who.store.name,
    studentName: who.name,
    courseTitle: who.courseTitle,
    sections: written.map((section) => ({ title: section.title, lessonCount: section.lessonCount })),
    lessonUrl: first ? `${courseUrl}/lessons/${encodeURIComponent(first.id)}` : courseUrl,
  });
  await enqueueEmail(tx, { to: who.email, ...message, tags: ['course-lessons-unlocked'] }, { idempotencyKey: `course-unlock:${enrolment.id}:${written.map((section) => section.id).join(',')}` });
}
