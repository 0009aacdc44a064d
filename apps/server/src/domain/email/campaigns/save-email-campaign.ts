import { AppError, EMAIL_MESSAGES, type EmailBlock, type EmailCampaign, type EmailCampaignFields } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { emailCampaigns } from '#src/db/schema/index.ts';
import { getSegmentOfStore } from '#src/domain/email/audience/segment-query.ts';
import { sanitizeDescription } from '#src/domain/products/sanitize-description.ts';
import { assertCampaignProducts } from './assert-campaign-products.ts';
import { getCampaignOfStore, hasSentEmail, isEditableStatus } from './campaign-query.ts';
import { getEmailCampaign } from './get-email-campaign.ts';

interface SaveOptions {
  storeId: string;
  /** Absent: create a draft. */
  campaignId?: string;
  fields: EmailCampaignFields;
  now: Date;
}

/**
 * createEmailCampaign and updateEmailCampaign (drafts, and cancelled campaigns that sent nothing:
 * the click redirects of sent copies read the stored body). The segment and every product card must be the
 * store's own; text blocks are stored sanitised (the product description's tag set), so what
 * the editor shows back is what the email renders.
 */
export async function saveEmailCampaign(db: Database, options: SaveOptions): Promise<EmailCampaign> {
  const { storeId, fields, now } = options;
  const id = await db.transaction(async (tx) => {
    if (fields.segmentId) await getSegmentOfStore(tx, { storeId, segmentId: fields.segmentId });
    await assertCampaignProducts(tx, { storeId, body: fields.body });
    const values = {
      name: fields.name,
      subject: fields.subject,
      previewText: fields.previewText,
      body: fields.body.map(cleanBlock),
      segmentId: fields.segmentId,
      updatedAt: now,
    };
    if (options.campaignId) {
      const existing = await getCampaignOfStore(tx, { storeId, campaignId: options.campaignId, lock: true });
      if (!isEditableStatus(existing.status) || (await hasSentEmail(tx, existing.id))) {
        throw new AppError('failed-precondition', EMAIL_MESSAGES.notEditable);
      }
      await tx.update(emailCampaigns).set(values).where(eq(emailCampaigns.id, existing.id));
      return existing.id;
    }
    const campaignId = newId('cmp');
    await tx.insert(emailCampaigns).values({ id: campaignId, storeId, status: 'draft', createdAt: now, ...values });
    return campaignId;
  });
  return getEmailCampaign(db, { storeId, campaignId: id });
}

function cleanBlock(block: EmailBlock): EmailBlock {
  return block.type === 'text' ? { ...block, html: sanitizeDescription(block.html) } : block;
}
