import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { courseEnrolments } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';

/**
 * Opens every section of the course for one student from now on (decision 042). The caller has
 * checked the creator owns the store; the enrolment is looked up within it, so another store's
 * enrolment answers like a missing one. Pressing it again keeps the first time.
 */
export async function unlockAllSections(db: Database, options: { storeId: string; enrolmentId: string; now: Date }): Promise<{ unlockedAllAt: Date }> {
  return db.transaction(async (tx) => {
    const [enrolment] = await tx
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.id, options.enrolmentId), eq(courseEnrolments.storeId, options.storeId)))
      .for('update');
    if (!enrolment) throw new AppError('not-found', MESSAGES.generic.notFound);
    if (enrolment.unlockedAllAt) return { unlockedAllAt: enrolment.unlockedAllAt };
    const unlockedAllAt = enrolment.testMode ? await testClockNow(tx, { storeId: options.storeId, now: options.now }) : options.now;
    await tx.update(courseEnrolments).set({ unlockedAllAt }).where(and(eq(courseEnrolments.id, enrolment.id), isNull(courseEnrolments.unlockedAllAt)));
    return { unlockedAllAt };
  });
}
