import type { StoreEmailSettings } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import type { EmailConfig } from '#src/env/email-env.ts';
import { complaintRate } from './complaint-rate.ts';

/**
 * Settings › Email for one store (already ownership-checked). A store without a row yet shows the
 * defaults. The sub-account's API key never leaves the server: only whether there is one.
 * With the outbox or SMTP there is no sub-account and the platform provider counts as configured.
 */
export async function loadEmailSettings(db: Executor, options: { storeId: string; config: EmailConfig }): Promise<StoreEmailSettings> {
  const [row] = await db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, options.storeId)).limit(1);
  const { rate } = await complaintRate(db, options.storeId);
  const provider = options.config.provider;
  const hasApiKey = Boolean(row?.smtp2goApiKeyEncrypted);
  const webhookStatus = row?.smtp2goWebhookStatus ?? 'none';
  const smtp2goSubAccount = provider === 'smtp2go'
    ? {
        exists: Boolean(row?.smtp2goSubaccountId),
        hasApiKey,
        webhookId: row?.smtp2goWebhookId ?? null,
        webhookStatus,
        configured: hasApiKey && webhookStatus === 'active',
        lastError: row?.smtp2goLastError ?? null,
      }
    : { exists: false, hasApiKey: false, webhookId: null, webhookStatus: 'none' as const, configured: true, lastError: null };
  return {
    senderName: row?.senderName ?? '',
    replyTo: row?.replyTo ?? null,
    postalAddress: row?.postalAddress ?? '',
    trackingEnabled: row?.trackingEnabled ?? false,
    pausedAt: row?.pausedAt?.toISOString() ?? null,
    pausedReason: row?.pausedReason ?? null,
    recentComplaintRate: rate,
    provider,
    smtp2goSubAccount,
  };
}
