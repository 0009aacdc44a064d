// Exports the campaign reads every campaign function builds on (getCampaignOfStore, loadEmailCampaigns,
// campaignNotFound, isEditableStatus, hasSentEmail): one module because they share the not-found rule, the stats and the wire shape.
import { AppError, EMAIL_MESSAGES, type CampaignStats, type CampaignStatus, type EmailCampaign } from '@shopfront/core';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients, emailCampaigns, emailSegments } from '#src/db/schema/index.ts';

export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;

/** A campaign of another store answers exactly like a missing one. */
export function campaignNotFound(): AppError {
  return new AppError('not-found', EMAIL_MESSAGES.campaignNotFound);
}

/** The store's campaign, or `campaignNotFound`; `lock` takes the row lock every state change holds. */
export async function getCampaignOfStore(db: Executor, options: { storeId: string; campaignId: string; lock?: boolean }): Promise<EmailCampaignRow> {
  const query = db
    .select()
    .from(emailCampaigns)
    // An automation's hidden email campaigns (decision 044) are never a campaign of the store.
    .where(and(eq(emailCampaigns.id, options.campaignId), eq(emailCampaigns.storeId, options.storeId), isNull(emailCampaigns.automationId), isNull(emailCampaigns.membershipPostId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
}

/** Draft and cancelled campaigns are editable, deletable and schedulable; the others were (or are being) sent. */
export function isEditableStatus(status: CampaignStatus): boolean {
  return status === 'draft' || status === 'cancelled';
}

/**
 * Whether any recipient was sent the campaign (a campaign stopped part-way). Such a campaign keeps
 * its record as sent: its recipients' unsubscribe links and its click redirects read its rows and body.
 */
export async function hasSentEmail(db: Executor, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailCampaignRecipients.id })
    .from(emailCampaignRecipients)
    .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'sent')))
    .limit(1);
  return row !== undefined;
}

const EMPTY_STATS: CampaignStats = { recipients: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, unsubscribed: 0, failed: 0 };

/**
 * The store's campaigns (one when `campaignId` is given), newest first, each with its segment's
 * name and its stats counted from its recipient rows: every row fanned out is a recipient; sent and
 * failed are row states; the others are the provider's and the links' events.
 */
export async function loadEmailCampaigns(db: Executor, options: { storeId: string; campaignId?: string }): Promise<EmailCampaign[]> {
  const where: SQL[] = [eq(emailCampaigns.storeId, options.storeId), isNull(emailCampaigns.automationId), isNull(emailCampaigns.membershipPostId)];
  if (options.campaignId) where.push(eq(emailCampaigns.id, options.campaignId));
  const rows = await db
    .select({ campaign: emailCampaigns, segmentName: emailSegments.name })
    .from(emailCampaigns)
    .leftJoin(emailSegments, eq(emailSegments.id, emailCampaigns.segmentId))
    .where(and(...where))
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id));
  const ids = rows.filter((row) => row.campaign.status !== 'draft').map((row) => row.campaign.id);
  const stats = new Map<string, CampaignStats>();
  if (ids.length > 0) {
    const r = emailCampaignRecipients;
    const counted = await db
      .select({
        campaignId: r.campaignId,
        recipients: sql<number>`count(*)::int`,
        sent: sql<number>`(count(*) filter (where ${r.status} = 'sent'))::int`,
        delivered: sql<number>`count(${r.deliveredAt})::int`,
        opened: sql<number>`count(${r.openedAt})::int`,
        clicked: sql<number>`count(${r.clickedAt})::int`,
        bounced: sql<number>`count(${r.bouncedAt})::int`,
        complained: sql<number>`count(${r.complainedAt})::int`,
        unsubscribed: sql<number>`count(${r.unsubscribedAt})::int`,
        failed: sql<number>`(count(*) filter (where ${r.status} = 'failed'))::int`,
      })
      .from(r)
      .where(and(eq(r.storeId, options.storeId), inArray(r.campaignId, ids)))
      .groupBy(r.campaignId);
    for (const { campaignId, ...counts } of counted) stats.set(campaignId, counts);
  }
  return rows.map(({ campaign, segmentName }) => toEmailCampaign(campaign, segmentName, stats.get(campaign.id) ?? EMPTY_STATS));
}

function toEmailCampaign(row: EmailCampaignRow, segmentName: string | null, stats: CampaignStats): EmailCampaign {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    subject: row.subject,
    previewText: row.previewText,
    body: row.body,
    segmentId: row.segmentId,
    segmentName,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    statusNote: row.statusNote,
    stats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
