// Exports setCourseCertificate: the creator's certificate switch for one course.
import type { CourseOutline } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { courseSettings } from '#src/db/schema/index.ts';
import { loadCourseOutline } from './course-outline-view.ts';
import { assertCourseEditable, getOwnedCourse } from './owned-course.ts';

/** Turns the certificate on or off under the course lock; students see it at their next page load. */
export async function setCourseCertificate(deps: { db: Database; now: Date }, options: { userId: string; storeId: string; productId: string; enabled: boolean }): Promise<CourseOutline> {
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedCourse(tx, { ...options, lock: true });
    assertCourseEditable(product);
    await tx
      .insert(courseSettings)
      .values({ productId: product.id, storeId: product.storeId, certificateEnabled: options.enabled, updatedAt: deps.now })
      .onConflictDoUpdate({ target: courseSettings.productId, set: { certificateEnabled: options.enabled, updatedAt: deps.now } });
    return loadCourseOutline(tx, product);
  });
}
