import { AppError, EMAIL_LIMITS, EMAIL_MESSAGES, type EmailCampaignFields } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings, type StoreRow } from '#src/db/schema/index.ts';
import { formatSender } from '#src/domain/email/account/format-sender.ts';
import { previewCampaignEmail } from '#src/domain/email/render/preview-campaign-email.ts';
import { hitLimit } from '#src/identity/rate-limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface CreatorTestEmailOptions {
  store: StoreRow;
  /** The campaign or automation being tested: its test sends share one hourly allowance. */
  limitId: string;
  fields: Pick<EmailCampaignFields, 'subject' | 'previewText' | 'body'>;
  /** The signed-in creator's own address: a test never goes anywhere else. */
  to: string;
  platformFrom: string;
  publicUrl: string;
  now: Date;
}

/**
 * The test-send rules campaigns and automation steps share: at most `testSendsPerHour` per
 * `limitId` in the shared `rate_limits` table, the editor's preview render (tracking off, an
 * unsubscribe link that goes nowhere, since the creator is no recipient), "[Test] " before the
 * subject, the store's sender name and reply-to, queued as a durable email job.
 */
export async function sendCreatorTestEmail(db: Database, options: CreatorTestEmailOptions): Promise<{ sentTo: string }> {
  const { store, now } = options;
  const hit = await hitLimit(db, { key: `email-test:${options.limitId}`, windowMs: HOUR_MS, limit: EMAIL_LIMITS.testSendsPerHour }, now);
  if (!hit.allowed) throw new AppError('resource-exhausted', EMAIL_MESSAGES.testSendLimit, { retryAfterSeconds: hit.retryAfterSeconds });
  const email = await previewCampaignEmail(db, { store, fields: options.fields, publicUrl: options.publicUrl });
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
