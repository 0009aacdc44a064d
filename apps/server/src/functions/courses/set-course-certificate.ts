import { setCourseCertificate as set } from '#src/domain/courses/creator/course-settings.ts';
import type { Handler } from '../types.ts';
import { caller, courseDeps } from './course-deps.ts';

export const setCourseCertificate: Handler<'setCourseCertificate'> = (input, ctx) => set(courseDeps(ctx), { ...input, ...caller(ctx) });
