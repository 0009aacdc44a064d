import { createCourseSection as create } from '#src/domain/courses/creator/course-sections.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const createCourseSection: Handler<'createCourseSection'> = (input, ctx) => create(courseDeps(ctx), { ...input, ...caller(ctx) });
