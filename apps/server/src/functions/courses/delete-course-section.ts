import { deleteCourseSection as remove } from '#src/domain/courses/creator/course-sections.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const deleteCourseSection: Handler<'deleteCourseSection'> = (input, ctx) => remove(courseDeps(ctx), { ...input, ...caller(ctx) });
