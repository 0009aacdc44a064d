import { deleteCourseLesson as remove } from '#src/domain/courses/creator/course-lessons.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const deleteCourseLesson: Handler<'deleteCourseLesson'> = (input, ctx) => remove(courseDeps(ctx), { ...input, ...caller(ctx) });
