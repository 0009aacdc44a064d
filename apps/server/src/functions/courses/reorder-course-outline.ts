import { reorderCourseOutline as reorder } from '#src/domain/courses/creator/reorder-course-outline.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const reorderCourseOutline: Handler<'reorderCourseOutline'> = (input, ctx) => reorder(courseDeps(ctx), { ...input, ...caller(ctx) });
