import { listMyCourses as list, listMyLockedCourses } from '#src/domain/courses/student/my-courses.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const listMyCourses: Handler<'listMyCourses'> = async (input, ctx) => {
  const student = { storeId: input.storeId, ...customerOf(ctx, input.storeId), now: ctx.now() };
  return { courses: await list(ctx.db, student), locked: await listMyLockedCourses(ctx.db, student) };
};
