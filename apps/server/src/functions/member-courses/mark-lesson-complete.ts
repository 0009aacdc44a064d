import { recordLessonProgress as record } from '#src/domain/courses/record-lesson-progress.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

/** The button: position 0 without a seek never moves the stored position back (progress-rules.ts). */
export const markLessonComplete: Handler<'markLessonComplete'> = async ({ storeId, lessonId }, ctx) => {
  const stored = await record(ctx.db, { storeId, lessonId, ...customerOf(ctx, storeId), report: { positionSeconds: 0, complete: true }, now: ctx.now() });
  return { lessonId, positionSeconds: stored.positionSeconds, completedAt: stored.completedAt?.toISOString() ?? null };
};
