import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers } from '#src/db/schema/index.ts';

/** A membership product's tiers that take new members (not archived): publishing needs one. */
export async function countLiveTiers(db: Executor, productId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(membershipTiers).where(and(eq(membershipTiers.productId, productId), isNull(membershipTiers.archivedAt)));
  return row?.n ?? 0;
}
