import { updateCourseLesson as update } from '#src/domain/courses/creator/course-lessons.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const updateCourseLesson: Handler<'updateCourseLesson'> = (input, ctx) => update(courseDeps(ctx), { ...input, ...caller(ctx) });
