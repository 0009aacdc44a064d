import { AppError, EMAIL_LIMITS, EMAIL_MESSAGES, MESSAGES, type EmailCampaign, type SegmentFilter } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Transaction } from '#src/db/executor.ts';
import { emailCampaigns, storeEmailSettings } from '#src/db/schema/index.ts';
import { countSegmentRecipients } from '#src/domain/email/audience/count-segment-recipients.ts';
import { getSegmentOfStore } from '#src/domain/email/audience/segment-query.ts';
import { scheduleCampaignSend } from '#src/domain/email/sending/schedule-campaign-send.ts';
import { assertCampaignProducts } from './assert-campaign-products.ts';
import { getCampaignOfStore, hasSentEmail, isEditableStatus } from './campaign-query.ts';
import { getEmailCampaign } from './get-email-campaign.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after its start a "send now" is taken as a repeat of the one that started it. */
export const SEND_NOW_REPEAT_MS = 10 * 60 * 1000;

interface ScheduleOptions {
  store: { id: string; timeZone: string };
  campaignId: string;
  /** ISO 8601; null sends now. */
  sendAt: string | null;
  now: Date;
}

/**
 * Sends a draft or cancelled campaign (one that sent nothing) now or at `sendAt` (in the future, at most
 * `scheduleMaxDays` ahead). Refused without the store's postal address, while the store's sending
 * is paused, without a subject or a block, with a product card of another store, or when the
 * audience has nobody who may receive it. The campaign becomes `scheduled` and its durable start
 * job is queued in the same transaction, so one exists exactly when the other does. A repeat of the
 * request that scheduled it (a double click on "Send now", a retry) answers the campaign as it is
 * and queues nothing more (`isRepeat`).
 */
export async function scheduleEmailCampaign(db: Database, options: ScheduleOptions): Promise<EmailCampaign> {
  const { store, now } = options;
  const runAt = options.sendAt === null ? now : new Date(options.sendAt);
  await db.transaction(async (tx) => {
    const campaign = await lockCampaignAndSegment(tx, { storeId: store.id, campaignId: options.campaignId });
    if (isRepeat(campaign.row, options.sendAt, now)) return;
    // A campaign stopped after it sent some email is a record of that send, never sent again.
    if (!isEditableStatus(campaign.row.status) || (await hasSentEmail(tx, campaign.row.id))) {
      throw new AppError('failed-precondition', EMAIL_MESSAGES.notSchedulable);
    }
    if (options.sendAt !== null) {
      if (runAt.getTime() <= now.getTime()) throw new AppError('invalid-argument', EMAIL_MESSAGES.scheduleInPast);
      if (runAt.getTime() - now.getTime() > EMAIL_LIMITS.scheduleMaxDays * DAY_MS) throw new AppError('invalid-argument', EMAIL_MESSAGES.scheduleTooFar);
    }
    if (campaign.row.subject.trim() === '') throw new AppError('invalid-argument', EMAIL_MESSAGES.subjectRequired);
    if (campaign.row.body.length === 0) throw new AppError('invalid-argument', EMAIL_MESSAGES.bodyRequired);
    const [settings] = await tx.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, store.id)).limit(1);
    if (!settings || settings.postalAddress.trim() === '') throw new AppError('failed-precondition', EMAIL_MESSAGES.postalAddressRequired);
    if (settings.pausedAt) throw new AppError('failed-precondition', EMAIL_MESSAGES.sendingPaused);
    await assertCampaignProducts(tx, { storeId: store.id, body: campaign.row.body, forSending: true });
    const { recipients } = await countSegmentRecipients(tx, { storeId: store.id, timeZone: store.timeZone, filter: campaign.filter });
    if (recipients === 0) throw new AppError('failed-precondition', EMAIL_MESSAGES.noRecipients);
    await tx
      .update(emailCampaigns)
      .set({ status: 'scheduled', scheduledAt: runAt, startedAt: null, finishedAt: null, statusNote: null, updatedAt: now })
      .where(eq(emailCampaigns.id, campaign.row.id));
    await scheduleCampaignSend(tx, { campaignId: campaign.row.id, storeId: store.id, runAt });
  });
  return getEmailCampaign(db, { storeId: store.id, campaignId: options.campaignId });
}

/**
 * The natural key of a schedule request: a time it is already scheduled for, or "now" (`sendAt`
 * null) while its start is due, running or just done — within SEND_NOW_REPEAT_MS of the start, so
 * a "send now" long after a send is still refused as before.
 */
function isRepeat(row: { status: string; scheduledAt: Date | null }, sendAt: string | null, now: Date): boolean {
  if (!row.scheduledAt) return false;
  if (sendAt !== null) return row.status === 'scheduled' && row.scheduledAt.getTime() === new Date(sendAt).getTime();
  const since = now.getTime() - row.scheduledAt.getTime();
  return since >= 0 && since <= SEND_NOW_REPEAT_MS && ['scheduled', 'sending', 'sent'].includes(row.status);
}

/**
 * Locks the segment before the campaign (the order deleting a segment takes, since its foreign key
 * updates the campaigns), so a segment cannot go while a campaign using it is being scheduled.
 */
async function lockCampaignAndSegment(tx: Transaction, options: { storeId: string; campaignId: string }) {
  const first = await getCampaignOfStore(tx, options);
  const segment = first.segmentId ? await getSegmentOfStore(tx, { storeId: options.storeId, segmentId: first.segmentId, lock: true }).catch(() => null) : null;
  const row = await getCampaignOfStore(tx, { ...options, lock: true });
  if (row.segmentId !== (segment?.id ?? null)) throw new AppError('aborted', MESSAGES.generic.failedPrecondition);
  const filter: SegmentFilter = segment?.filter ?? {};
  return { row, filter };
}
