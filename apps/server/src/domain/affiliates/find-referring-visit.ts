import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliates, affiliateVisits } from '#src/db/schema/index.ts';

export interface ReferringVisit {
  affiliateId: string;
  customerId: string;
  code: string;
  at: Date;
}

/**
 * The latest counted visit of this fingerprint to the store within [since, now] whose affiliate is
 * still an active affiliate of the store: the cookie-less referral a later checkout or signup of
 * the same browser is attributed to.
 */
export async function findReferringVisit(
  db: Executor,
  options: { storeId: string; fingerprint: string; since: Date; now: Date },
): Promise<ReferringVisit | null> {
  const [row] = await db
    .select({ affiliateId: affiliates.id, customerId: affiliates.customerId, code: affiliateVisits.code, at: affiliateVisits.createdAt })
    .from(affiliateVisits)
    .innerJoin(affiliates, eq(affiliates.id, affiliateVisits.affiliateId))
    .where(
      and(
        eq(affiliateVisits.storeId, options.storeId),
        eq(affiliateVisits.fingerprint, options.fingerprint),
        eq(affiliateVisits.outcome, 'counted'),
        gte(affiliateVisits.createdAt, options.since),
        lte(affiliateVisits.createdAt, options.now),
        eq(affiliates.storeId, options.storeId),
        eq(affiliates.status, 'active'),
      ),
    )
    .orderBy(desc(affiliateVisits.createdAt), desc(affiliateVisits.id))
    .limit(1);
  return row ?? null;
}

/** The start of a program's attribution window that ends now. */
export function windowStart(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * 86_400_000);
}
