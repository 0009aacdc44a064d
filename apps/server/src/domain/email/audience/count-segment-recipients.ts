import type { SegmentFilter } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { assertSegmentFilter } from './assert-segment-filter.ts';
import { segmentRecipientsQuery } from './segment-recipients-query.ts';

export interface SegmentCounts {
  /** Who the filter would email now: consenting and not suppressed. */
  recipients: number;
  /** Every customer the filter matches, consent or not. */
  matching: number;
}

/** The live count beside a segment being built, from the same query sending uses. */
export async function countSegmentRecipients(
  db: Executor,
  options: { storeId: string; timeZone: string; filter: SegmentFilter },
): Promise<SegmentCounts> {
  assertSegmentFilter(options.filter);
  const count = async (audience: 'recipients' | 'matching') => {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${segmentRecipientsQuery({ ...options, audience })}) r`);
    return result.rows[0]?.n ?? 0;
  };
  return { recipients: await count('recipients'), matching: await count('matching') };
}
