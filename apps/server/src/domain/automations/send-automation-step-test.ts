import { AppError, AUTOMATION_MESSAGES, EMAIL_LIMITS, EMAIL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings, type StoreRow } from '#src/db/schema/index.ts';
import { formatSender } from '#src/domain/email/account/format-sender.ts';
import { previewCampaignEmail } from '#src/domain/email/render/preview-campaign-email.ts';
import { hitLimit } from '#src/identity/rate-limits.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { automationNotFound, getAutomationOfStore } from './automation-query.ts';

const HOUR_MS = 60 * 60 * 1000;

interface StepTestOptions {
  store: StoreRow;
  automationId: string;
  stepId: string;
  /** The signed-in creator's own address: a test never goes anywhere else. */
  to: string;
  platformFrom: string;
  publicUrl: string;
  now: Date;
}

/**
 * Sends the saved email step once to the creator with the campaigns' test-send rules: the preview
 * render (tracking off, an unsubscribe link that goes nowhere, since the creator is no contact),
 * "[Test] " before the subject, a durable email job, and at most `testSendsPerHour` per automation
 * in the shared `rate_limits` table. A step that is not an email of this automation is not found.
 */
export async function sendAutomationStepTest(db: Database, options: StepTestOptions): Promise<{ sentTo: string }> {
  const { store, now } = options;
  const automation = await getAutomationOfStore(db, { storeId: store.id, automationId: options.automationId });
  const step = automation.steps.find((candidate) => candidate.id === options.stepId);
  if (step?.type !== 'email') throw automationNotFound();
  if (!step.subject.trim() || step.body.length === 0) throw new AppError('failed-precondition', AUTOMATION_MESSAGES.testStepIncomplete);
  const hit = await hitLimit(db, { key: `email-test:${automation.id}`, windowMs: HOUR_MS, limit: EMAIL_LIMITS.testSendsPerHour }, now);
  if (!hit.allowed) throw new AppError('resource-exhausted', EMAIL_MESSAGES.testSendLimit, { retryAfterSeconds: hit.retryAfterSeconds });
  const email = await previewCampaignEmail(db, { store, fields: step, publicUrl: options.publicUrl });
  const [settings] = await db.select({ senderName: storeEmailSettings.senderName, replyTo: storeEmailSettings.replyTo }).from(storeEmailSettings).where(eq(storeEmailSettings.storeId, store.id));
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
