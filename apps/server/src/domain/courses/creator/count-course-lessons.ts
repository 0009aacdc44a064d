import { count, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons } from '#src/db/schema/index.ts';

/** A course's lessons: publishing needs one (publishIssue), and the course limit counts them. */
export async function countCourseLessons(db: Executor, productId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courseLessons).where(eq(courseLessons.productId, productId));
  return row?.n ?? 0;
}
