import { recordLessonProgress as record } from '#src/domain/courses/record-lesson-progress.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const recordLessonProgress: Handler<'recordLessonProgress'> = async ({ storeId, lessonId, positionSeconds, seeked }, ctx) => {
  const stored = await record(ctx.db, { storeId, lessonId, ...customerOf(ctx, storeId), report: { positionSeconds, seeked }, now: ctx.now() });
  return { lessonId, positionSeconds: stored.positionSeconds, completedAt: stored.completedAt?.toISOString() ?? null };
};
