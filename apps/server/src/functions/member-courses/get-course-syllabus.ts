import { getCourseSyllabus as get } from '#src/domain/courses/student/course-syllabus.ts';
import type { Handler } from '../types.ts';

/** Public: the storefront's course outline (titles and free previews only). */
export const getCourseSyllabus: Handler<'getCourseSyllabus'> = (input, ctx) => get(ctx.db, input);
