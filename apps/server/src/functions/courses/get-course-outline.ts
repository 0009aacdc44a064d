import { loadCourseOutline } from '#src/domain/courses/creator/course-outline-view.ts';
import { getOwnedCourse } from '#src/domain/courses/creator/owned-course.ts';
import type { Handler } from '../types.ts';
import { caller } from './course-deps.ts';

export const getCourseOutline: Handler<'getCourseOutline'> = async (input, ctx) => {
  const { product } = await getOwnedCourse(ctx.db, { ...input, ...caller(ctx) });
  return loadCourseOutline(ctx.db, product);
};
