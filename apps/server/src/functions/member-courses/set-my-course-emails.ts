import { setMyCourseEmails as set } from '#src/domain/courses/student/my-courses.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const setMyCourseEmails: Handler<'setMyCourseEmails'> = (input, ctx) => set(ctx.db, { ...input, ...customerOf(ctx, input.storeId), now: ctx.now() });
