import { updateCourseSection } from '#src/domain/courses/creator/course-sections.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const renameCourseSection: Handler<'renameCourseSection'> = (input, ctx) => updateCourseSection(courseDeps(ctx), { ...input, ...caller(ctx) });
