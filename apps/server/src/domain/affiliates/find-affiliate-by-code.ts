import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliates } from '#src/db/schema/index.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;

/** The affiliate a `?ref=` code names, whatever its store and status (codes are unique platform-wide). */
export async function findAffiliateByCode(db: Executor, code: string): Promise<AffiliateRow | null> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.code, code)).limit(1);
  return row ?? null;
}
