import { getLessonView } from '#src/domain/courses/student/get-lesson-view.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const getMyLesson: Handler<'getMyLesson'> = (input, ctx) => getLessonView(ctx.db, ctx.env, { ...input, ...customerOf(ctx, input.storeId), now: ctx.now() });
