// Exports toPostSummaries and toPost: the creator's answer shapes of a post.
import type { MembershipPost, MembershipPostSummary } from '@shopfront/core';
import { inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaigns, type MembershipPostRow } from '#src/db/schema/index.ts';

/** The recipient counts of the hidden campaigns that emailed these posts (null until the fan-out committed). */
async function emailedCounts(db: Executor, rows: readonly MembershipPostRow[]): Promise<Map<string, number>> {
  const ids = rows.flatMap((row) => (row.emailCampaignId ? [row.emailCampaignId] : []));
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: emailCampaigns.id, count: emailCampaigns.recipientCount }).from(emailCampaigns).where(inArray(emailCampaigns.id, ids));
  return new Map(found.map((one) => [one.id, one.count ?? 0]));
}

function summary(row: MembershipPostRow, counts: Map<string, number>): MembershipPostSummary {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    status: row.status,
    tierIds: row.tierIds,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    fileIds: row.fileIds,
    emailed: row.emailedAt && row.emailCampaignId ? { at: row.emailedAt.toISOString(), recipients: counts.get(row.emailCampaignId) ?? 0 } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Posts as the creator's list shows them (no text: a membership may have a thousand). */
export async function toPostSummaries(db: Executor, rows: readonly MembershipPostRow[]): Promise<MembershipPostSummary[]> {
  const counts = await emailedCounts(db, rows);
  return rows.map((row) => summary(row, counts));
}

export async function toPost(db: Executor, row: MembershipPostRow): Promise<MembershipPost> {
  return { ...summary(row, await emailedCounts(db, [row])), bodyHtml: row.bodyHtml };
}
