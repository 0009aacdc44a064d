// Exports createMembershipCourseEnrolmentJob: the enrolment email of a course a membership tier includes.
import { membersUrl, memberCoursePath } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseEnrolments, customers, products, stores } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { courseEnrolmentEmail } from '#src/providers/email/templates/course-enrolment.ts';
import { MEMBERSHIP_COURSE_ENROLMENT_KIND, type MembershipCourseEnrolmentPayload } from './membership-courses.ts';

const isPayload = (value: unknown): value is MembershipCourseEnrolmentPayload =>
  typeof (value as MembershipCourseEnrolmentPayload | null)?.enrolmentId === 'string' && typeof (value as MembershipCourseEnrolmentPayload).storeId === 'string';

/**
 * The same "You're enrolled" email a buyer of the course gets, for a member whose tier includes it.
 * Rendered here because it needs the server's public URL; queued for `send-email` under the key a
 * bought enrolment uses, in the transaction that marks this job done, so a retry sends one.
 */
export function createMembershipCourseEnrolmentJob(options: { db: Database; publicUrl: string }): JobHandler {
  return {
    kind: MEMBERSHIP_COURSE_ENROLMENT_KIND,
    async run(job, ctx) {
      if (!isPayload(job.payload)) throw new PermanentJobError(`${MEMBERSHIP_COURSE_ENROLMENT_KIND}: bad payload`);
      const { storeId, enrolmentId } = job.payload;
      await options.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ store: stores, email: customers.email, name: customers.name, courseId: products.id, courseTitle: products.title })
          .from(courseEnrolments)
          .innerJoin(customers, eq(customers.id, courseEnrolments.customerId))
          .innerJoin(products, eq(products.id, courseEnrolments.productId))
          .innerJoin(stores, eq(stores.id, courseEnrolments.storeId))
          .where(and(eq(courseEnrolments.id, enrolmentId), eq(courseEnrolments.storeId, storeId)));
        if (row) {
          const courseUrl = `${membersUrl(row.store, { origin: options.publicUrl })}${memberCoursePath(row.courseId)}`;
          const rendered = courseEnrolmentEmail({ productName: row.store.name, studentName: row.name, courseTitle: row.courseTitle, courseUrl });
          await enqueueEmail(tx, { to: row.email, ...rendered, tags: ['course-enrolment'] }, { idempotencyKey: `course-enrolment:${enrolmentId}` });
        }
        await ctx.complete(tx);
      });
    },
  };
}
