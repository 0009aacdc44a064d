import { AFFILIATE_LIMITS } from '@shopfront/core';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { affiliateVisits } from '#src/db/schema/index.ts';
import { describeUserAgent } from '#src/domain/analytics/ingest/describe-client.ts';
import { findAffiliateByCode } from './find-affiliate-by-code.ts';
import { readAffiliateProgram } from './read-program.ts';

export type VisitIgnoredReason = 'unknown-code' | 'inactive' | 'self-referral' | 'bot';

export interface AffiliateVisitInput {
  storeId: string;
  /** Canonical (upper case), as AffiliateCodeSchema leaves it. */
  code: string;
  fingerprint: string;
  visitInfo?: { sourceUrl?: string | undefined; timezone?: string | undefined; language?: string | undefined; screen?: string | undefined } | undefined;
  /** The request's own User-Agent header (not the one visitInfo claims). */
  userAgent: string;
  /** The members-area customer the request is signed in as for this store, read only when needed. */
  sessionCustomerId: () => Promise<string | null>;
  now: Date;
}

export type VisitRecorded = 'program-off' | 'duplicate' | 'counted' | VisitIgnoredReason;

/**
 * Records a referred visit (docs/affiliates.md "Tracking"): nothing while the store's program is
 * off; else one row per (store, code, fingerprint) per session window, counted or ignored with its
 * reason. The advisory lock on that triple makes concurrent calls of one session wait for the
 * first and then see its row. Another store's affiliate is `inactive` and is not linked.
 */
export async function recordAffiliateVisit(db: Database, input: AffiliateVisitInput): Promise<VisitRecorded> {
  const program = await readAffiliateProgram(db, input.storeId);
  if (!program.enabled) return 'program-off';
  const since = new Date(input.now.getTime() - AFFILIATE_LIMITS.sessionMinutes * 60_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`affiliate-visit:${input.storeId}:${input.code}:${input.fingerprint}`}, 0))`);
    const [seen] = await tx
      .select({ id: affiliateVisits.id })
      .from(affiliateVisits)
      .where(
        and(
          eq(affiliateVisits.storeId, input.storeId),
          eq(affiliateVisits.fingerprint, input.fingerprint),
          eq(affiliateVisits.code, input.code),
          gt(affiliateVisits.createdAt, since),
        ),
      )
      .orderBy(desc(affiliateVisits.createdAt))
      .limit(1);
    if (seen) return 'duplicate';

    const affiliate = await findAffiliateByCode(tx, input.code);
    const ours = affiliate?.storeId === input.storeId ? affiliate : null;
    const ignored = await ignoredReason(input, affiliate, ours);
    await tx.insert(affiliateVisits).values({
      storeId: input.storeId,
      affiliateId: ours?.id ?? null,
      code: input.code,
      fingerprint: input.fingerprint,
      outcome: ignored ? 'ignored' : 'counted',
      ignoredReason: ignored,
      landingPath: landingPathOf(input.visitInfo?.sourceUrl),
      timezone: clip(input.visitInfo?.timezone, 64),
      language: clip(input.visitInfo?.language, 35),
      screen: clip(input.visitInfo?.screen, 32),
      createdAt: input.now,
    });
    return ignored ?? 'counted';
  });
}

async function ignoredReason(
  input: AffiliateVisitInput,
  affiliate: { storeId: string } | null,
  ours: { status: string; customerId: string } | null,
): Promise<VisitIgnoredReason | null> {
  if (describeUserAgent(input.userAgent).bot) return 'bot';
  if (!affiliate) return 'unknown-code';
  if (!ours || ours.status !== 'active') return 'inactive';
  if ((await input.sessionCustomerId()) === ours.customerId) return 'self-referral';
  return null;
}

/** The landing page's path only: no query string, no fragment, no host. */
export function landingPathOf(sourceUrl: string | undefined): string | null {
  if (!sourceUrl) return null;
  try {
    const url = new URL(sourceUrl, 'http://landing.invalid');
    return url.pathname.slice(0, 512);
  } catch {
    return null;
  }
}

function clip(value: string | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}
