import { getMyCourse as get } from '#src/domain/courses/student/my-courses.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const getMyCourse: Handler<'getMyCourse'> = (input, ctx) => get(ctx.db, { ...input, ...customerOf(ctx, input.storeId), now: ctx.now() });
