import { EMAIL_LIMITS } from '@shopfront/core';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients } from '#src/db/schema/index.ts';

export interface ComplaintRate {
  /** Recipients marked "spam" among the store's last `complaintWindow` sends. */
  complaints: number;
  /** Sends looked at (at most `complaintWindow`). */
  sends: number;
  /**
   * complaints ÷ max(sends, complaintWindow). A store that has sent fewer than 1,000 messages is
   * measured against 1,000, so one early complaint does not pause a new store; from then on the
   * window slides over its last 1,000 sends. "Passes 0.3%" means strictly more: 3 of 1,000 is
   * 0.3% and does not pause, 4 of 1,000 does.
   */
  rate: number;
  exceeded: boolean;
}

/** The store's complaint rate over its last sends (EMAIL_LIMITS.complaintRateMax / complaintWindow). */
export async function complaintRate(db: Executor, storeId: string): Promise<ComplaintRate> {
  const window = db
    .select({ complainedAt: emailCampaignRecipients.complainedAt })
    .from(emailCampaignRecipients)
    .where(and(eq(emailCampaignRecipients.storeId, storeId), isNotNull(emailCampaignRecipients.sentAt)))
    .orderBy(desc(emailCampaignRecipients.sentAt))
    .limit(EMAIL_LIMITS.complaintWindow)
    .as('window');
  const [row] = await db
    .select({
      sends: sql<number>`count(*)::int`,
      complaints: sql<number>`count(${window.complainedAt})::int`,
    })
    .from(window);
  const sends = row?.sends ?? 0;
  const complaints = row?.complaints ?? 0;
  const rate = complaints / Math.max(sends, EMAIL_LIMITS.complaintWindow);
  return { complaints, sends, rate, exceeded: rate > EMAIL_LIMITS.complaintRateMax };
}
