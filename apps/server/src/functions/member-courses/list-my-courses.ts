import { listMyCourses as list } from '#src/domain/courses/student/my-courses.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const listMyCourses: Handler<'listMyCourses'> = async (input, ctx) => ({
  courses: await list(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), now: ctx.now() }),
});
