import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients, emailSuppressions } from '#src/db/schema/index.ts';

export interface ClaimedRecipient {
  id: string;
  email: string;
  name: string;
  messageId: string;
  /** Counting this claim. */
  attempts: number;
  /** This sender's lease on the row; after it another sender may take the row. */
  lockedUntil: Date;
}

/**
 * Leases up to `limit` pending recipients of a campaign to this sender until `now + leaseMs`.
 * SKIP LOCKED lets several batch jobs (on several servers) claim side by side without taking the
 * same row; a row whose lease or retry delay has not passed is left alone. Rows whose address
 * the store suppressed after the fan-out (an unsubscribe meanwhile) become `skipped` right here
 * and are not returned.
 */
export async function claimCampaignRecipients(
  db: Executor,
  options: { campaignId: string; storeId: string; limit: number; leaseMs: number; now: Date },
): Promise<ClaimedRecipient[]> {
  const { campaignId, storeId, limit, now } = options;
  if (limit <= 0) return [];
  const lockedUntil = new Date(now.getTime() + options.leaseMs);
  const result = await db.execute(sql`
    with picked as materialized (
      select id from ${emailCampaignRecipients}
      where campaign_id = ${campaignId} and status = 'pending' and (locked_until is null or locked_until <= ${now})
      order by id
      limit ${limit}
      for update skip locked
    ), suppressed as (
      select p.id from picked p join ${emailCampaignRecipients} r on r.id = p.id
      where exists (select 1 from ${emailSuppressions} s where s.store_id = ${storeId} and s.email = r.email)
    )
    update ${emailCampaignRecipients} r set
      status = case when r.id in (select id from suppressed) then 'skipped' else r.status end,
      locked_until = case when r.id in (select id from suppressed) then null else ${lockedUntil}::timestamptz end,
      attempts = r.attempts + 1
    from picked
    where r.id = picked.id
    returning r.id, r.email, r.name, r.message_id, r.attempts, r.status`);
  return (result.rows as Record<string, unknown>[])
    .filter((row) => row.status === 'pending')
    .map((row) => ({
      id: row.id as string,
      email: row.email as string,
      name: row.name as string,
      messageId: row.message_id as string,
      attempts: row.attempts as number,
      lockedUntil,
    }));
}
