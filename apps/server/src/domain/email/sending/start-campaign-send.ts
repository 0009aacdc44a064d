import { EMAIL_MESSAGES, type SegmentFilter } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { emailCampaignRecipients, emailCampaigns, emailSegments, storeEmailSettings, stores } from '#src/db/schema/index.ts';
import { segmentRecipientsQuery } from '#src/domain/email/audience/segment-recipients-query.ts';
import { enqueueCampaignBatch } from './enqueue-campaign-batch.ts';
import type { CampaignStartPayload } from './schedule-campaign-send.ts';

/** Batch jobs that send one campaign side by side (each claims its own rows, on any server). */
export const CAMPAIGN_LANES = 2;

export type StartOutcome =
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'refused'; note: string }
  | { outcome: 'started'; recipients: number };

/**
 * The start of a scheduled send, in the caller's transaction (which also marks the start job
 * done): re-checks the campaign (still `scheduled` for this job's time), the postal address and
 * that the store is not paused; then inserts one recipient row per address the segment reaches
 * now, each with its fixed Message-ID `<rcp_…@domain>`, stores the filter it used, sets the
 * campaign `sending` and queues the batch jobs. A crash before commit leaves nothing: the job
 * runs again.
 */
export async function startCampaignSend(
  tx: Transaction,
  payload: CampaignStartPayload,
  options: { messageIdDomain: string; now: Date },
): Promise<StartOutcome> {
  const [campaign] = await tx
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.id, payload.campaignId), eq(emailCampaigns.storeId, payload.storeId)))
    .for('update');
  if (!campaign) return { outcome: 'skipped', reason: 'campaign gone' };
  if (campaign.status !== 'scheduled') return { outcome: 'skipped', reason: `campaign is ${campaign.status}` };
  if (campaign.scheduledAt && campaign.scheduledAt.toISOString() !== payload.runAt) {
    return { outcome: 'skipped', reason: 'campaign was rescheduled' };
  }

  const [store] = await tx
    .select({ timeZone: stores.timeZone, postalAddress: storeEmailSettings.postalAddress, pausedAt: storeEmailSettings.pausedAt })
    .from(stores)
    .leftJoin(storeEmailSettings, eq(storeEmailSettings.storeId, stores.id))
    .where(eq(stores.id, payload.storeId));
  const refuse = async (note: string): Promise<StartOutcome> => {
    await tx
      .update(emailCampaigns)
      .set({ status: 'failed', statusNote: note, finishedAt: options.now, updatedAt: options.now })
      .where(eq(emailCampaigns.id, campaign.id));
    return { outcome: 'refused', note };
  };
  if (!store?.postalAddress?.trim()) return refuse(EMAIL_MESSAGES.postalAddressRequired);
  if (store.pausedAt) return refuse(EMAIL_MESSAGES.sendingPaused);

  const filter = await segmentFilter(tx, campaign.segmentId, payload.storeId);
  const audience = segmentRecipientsQuery({ storeId: payload.storeId, filter, timeZone: store.timeZone });
  const inserted = await tx.execute(sql`
    insert into ${emailCampaignRecipients} (id, campaign_id, store_id, customer_id, email, name, message_id)
    select x.id, ${campaign.id}, ${payload.storeId}, r.customer_id, r.email, r.name, '<' || x.id || '@' || ${options.messageIdDomain} || '>'
    from (${audience}) r
    cross join lateral (select 'rcp_' || substr(md5(gen_random_uuid()::text || r.email), 1, 20) as id) x
    on conflict do nothing`);
  const recipients = inserted.rowCount ?? 0;
  if (recipients === 0) return refuse(EMAIL_MESSAGES.noRecipients);

  await tx
    .update(emailCampaigns)
    .set({ status: 'sending', startedAt: options.now, filterSnapshot: filter, recipientCount: recipients, statusNote: null, updatedAt: options.now })
    .where(eq(emailCampaigns.id, campaign.id));
  for (let lane = 0; lane < CAMPAIGN_LANES; lane += 1) {
    await enqueueCampaignBatch(tx, { campaignId: campaign.id, storeId: payload.storeId, lane, seq: 0 }, options.now);
  }
  return { outcome: 'started', recipients };
}

async function segmentFilter(tx: Transaction, segmentId: string | null, storeId: string): Promise<SegmentFilter> {
  if (segmentId === null) return {};
  const [segment] = await tx
    .select({ filter: emailSegments.filter })
    .from(emailSegments)
    .where(and(eq(emailSegments.id, segmentId), eq(emailSegments.storeId, storeId)));
  return segment?.filter ?? {};
}
