import { createCourseLesson as create } from '#src/domain/courses/creator/course-lessons.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const createCourseLesson: Handler<'createCourseLesson'> = (input, ctx) => create(courseDeps(ctx), { ...input, ...caller(ctx) });
