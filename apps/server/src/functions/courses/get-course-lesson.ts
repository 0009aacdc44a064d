import { loadCreatorLesson } from '#src/domain/courses/creator/creator-lesson-view.ts';
import { getOwnedLesson } from '#src/domain/courses/creator/owned-course.ts';
import type { Handler } from '../types.ts';
import { caller } from './course-deps.ts';

export const getCourseLesson: Handler<'getCourseLesson'> = async (input, ctx) => {
  const { product, lesson } = await getOwnedLesson(ctx.db, { ...input, ...caller(ctx) });
  return loadCreatorLesson(ctx.db, product, lesson.id);
};
