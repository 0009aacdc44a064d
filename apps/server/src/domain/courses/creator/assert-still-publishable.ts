import { AppError, COURSE_MESSAGES } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { ProductRow } from '#src/db/schema/index.ts';
import { countCourseLessons } from './count-course-lessons.ts';

/** After a delete, inside its transaction: a published course keeps a lesson (publishIssue), or the delete rolls back. */
export async function assertStillPublishable(tx: Executor, product: Pick<ProductRow, 'id' | 'status'>): Promise<void> {
  if (product.status === 'published' && (await countCourseLessons(tx, product.id)) === 0) {
    throw new AppError('failed-precondition', COURSE_MESSAGES.lastLesson);
  }
}
