import { listCourseStudents as list } from '#src/domain/courses/creator/list-course-students.ts';
import { getOwnedCourse } from '#src/domain/courses/creator/owned-course.ts';
import type { Handler } from '../types.ts';
import { caller } from './course-deps.ts';

export const listCourseStudents: Handler<'listCourseStudents'> = async ({ page, search, ...input }, ctx) => {
  const { product } = await getOwnedCourse(ctx.db, { ...input, ...caller(ctx) });
  return list(ctx.db, { product, page, search });
};
