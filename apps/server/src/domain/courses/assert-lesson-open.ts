import { AppError, MESSAGES } from '@shopfront/core';
import { COURSE_MESSAGES } from './course-messages.ts';
import type { FoundLesson } from './find-lesson-access.ts';

/**
 * The lesson, when it is open to this student or visitor. A missing lesson and another store's
 * answer the same not-found; a course not bought (or refunded) is permission-denied; a dripped
 * lesson is failed-precondition with the time it opens.
 */
export function assertLessonOpen(found: FoundLesson | null): FoundLesson {
  if (!found) throw new AppError('not-found', MESSAGES.generic.notFound);
  const { access } = found;
  if (access.kind === 'denied') throw new AppError('permission-denied', COURSE_MESSAGES.notEnrolled);
  if (access.kind === 'locked') throw new AppError('failed-precondition', COURSE_MESSAGES.locked, { opensAt: access.opensAt.toISOString() });
  return found;
}
