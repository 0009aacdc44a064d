import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { lessonProgress } from '#src/db/schema/index.ts';
import { assertLessonOpen } from './assert-lesson-open.ts';
import { COURSE_MESSAGES } from './course-messages.ts';
import { findLessonAccess } from './find-lesson-access.ts';
import { nextLessonProgress, type ProgressReport, type StoredProgress } from './progress-rules.ts';

/** Progress positions are seconds into a video; more than a day is not a lesson. */
export const MAX_POSITION_SECONDS = 24 * 60 * 60;

/**
 * Records where an enrolled student is in an open lesson (decision 042: forward only unless they
 * sought back; complete at 90 % or by the button, never un-completed). The row is locked while the
 * rule runs, so two devices reporting at once cannot pull the position back. The video's duration
 * is the server's (ffprobe); for an original-only video with no duration only the button completes.
 */
export async function recordLessonProgress(
  db: Database,
  options: { storeId: string; customerId: string; lessonId: string; report: ProgressReport; now: Date },
): Promise<StoredProgress> {
  const position = options.report.positionSeconds;
  if (!Number.isFinite(position) || position < 0 || position > MAX_POSITION_SECONDS) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
  return db.transaction(async (tx) => {
    const found = assertLessonOpen(await findLessonAccess(tx, { storeId: options.storeId, lessonId: options.lessonId, student: { customerId: options.customerId }, now: options.now }));
    // A free preview is open to anyone, but only an enrolment keeps progress.
    if (!found.enrolment || found.access.kind !== 'open' || found.access.via !== 'enrolment') {
      throw new AppError('permission-denied', COURSE_MESSAGES.keepProgress);
    }
    const key = and(eq(lessonProgress.enrolmentId, found.enrolment.id), eq(lessonProgress.lessonId, found.lesson.id));
    await tx.insert(lessonProgress).values({ enrolmentId: found.enrolment.id, lessonId: found.lesson.id, storeId: options.storeId, updatedAt: found.now }).onConflictDoNothing();
    const [current] = await tx.select().from(lessonProgress).where(key).for('update');
    const next = nextLessonProgress(current ?? null, options.report, found.asset?.durationSeconds ?? null, found.now);
    await tx.update(lessonProgress).set({ ...next, updatedAt: found.now }).where(key);
    return next;
  });
}
