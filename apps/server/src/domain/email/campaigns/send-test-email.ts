import { AppError, EMAIL_LIMITS, EMAIL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings, type StoreRow } from '#src/db/schema/index.ts';
import { formatSender } from '#src/domain/email/account/format-sender.ts';
import { previewCampaignEmail } from '#src/domain/email/render/preview-campaign-email.ts';
import { hitLimit } from '#src/identity/rate-limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { getCampaignOfStore } from './campaign-query.ts';

const HOUR_MS = 60 * 60 * 1000;

interface TestSendOptions {
  store: StoreRow;
  campaignId: string;
  /** The signed-in creator's own address: a test never goes anywhere else. */
  to: string;
  platformFrom: string;
  publicUrl: string;
  now: Date;
}

/**
 * Sends the saved campaign once to the creator, subject marked "[Test] ": the same render as the
 * editor's preview (tracking off, an unsubscribe link that goes nowhere, since the creator is no
 * recipient), queued as a durable email job. At most `testSendsPerHour` per campaign, counted in
 * the shared `rate_limits` table.
 */
export async function sendTestEmail(db: Database, options: TestSendOptions): Promise<{ sentTo: string }> {
  const { store, now } = options;
  const campaign = await getCampaignOfStore(db, { storeId: store.id, campaignId: options.campaignId });
  const hit = await hitLimit(db, { key: `email-test:${campaign.id}`, windowMs: HOUR_MS, limit: EMAIL_LIMITS.testSendsPerHour }, now);
  if (!hit.allowed) throw new AppError('resource-exhausted', EMAIL_MESSAGES.testSendLimit, { retryAfterSeconds: hit.retryAfterSeconds });
  const email = await previewCampaignEmail(db, { store, fields: campaign, publicUrl: options.publicUrl });
  const [settings] = await db
    .select({ senderName: storeEmailSettings.senderName, replyTo: storeEmailSettings.replyTo })
    .from(storeEmailSettings)
    .where(eq(storeEmailSettings.storeId, store.id));
  await enqueueEmail(db, {
    to: options.to,
    from: formatSender(options.platformFrom, settings?.senderName || store.name),
    ...(settings?.replyTo ? { replyTo: settings.replyTo } : {}),
    subject: `[Test] ${email.subject}`,
    html: email.html,
    text: email.text,
    tags: ['campaign-test'],
  });
  return { sentTo: options.to };
}
