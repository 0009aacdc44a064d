import { getLessonView } from '#src/domain/courses/student/get-lesson-view.ts';
import type { Handler } from '../types.ts';

/** Public: a visitor's free preview, whoever is signed in (the storefront never sends a student's progress). */
export const getPreviewLesson: Handler<'getPreviewLesson'> = (input, ctx) => getLessonView(ctx.db, ctx.env, { ...input, customerId: null, now: ctx.now() });
