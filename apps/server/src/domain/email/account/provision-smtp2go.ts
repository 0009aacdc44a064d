import { AppError } from '@shopfront/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings, type Smtp2goWebhookStatus } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { sealSecret } from '#src/identity/sealed-secret.ts';
import { createSmtp2goAccountApi, Smtp2goApiError, type Smtp2goAccountApi } from '#src/providers/email/smtp2go-account-api.ts';
import { smtp2goKeyPurpose } from './smtp2go-key-purpose.ts';
import { smtp2goWebhookToken, smtp2goWebhookUrl } from './smtp2go-webhook-token.ts';

export interface ProvisionSmtp2goOptions {
  storeId: string;
  env: Pick<Env, 'email' | 'appSecret' | 'dataDir' | 'publicUrl'>;
  now: Date;
  /** `webhook`: only repair the webhook (the sub-account and its key must exist). */
  only?: 'webhook' | undefined;
  fetch?: typeof fetch | undefined;
  /** Per-call timeout of the smtp2go API (default 15 s). */
  timeoutMs?: number | undefined;
}

type Row = typeof storeEmailSettings.$inferSelect;

/** The sub-account's name at smtp2go: stable per store, so a lost reply can be found again. */
const subaccountName = (storeId: string) => `Shopfront store ${storeId}`;

/**
 * Makes (or repairs) a store's smtp2go sending account: sub-account, its API key (sealed like TOTP
 * secrets), then the webhook for delivered, bounce, spam, open, click and unsubscribe. Each step
 * runs only when its result is missing, so running it again never makes a second sub-account:
 * a stored id is reused, and before creating one the account is searched by its fixed name (the
 * case where smtp2go made it but the reply was lost). The webhook is looked up by our URL before
 * one is added. The row stays locked (FOR UPDATE) meanwhile, so two clicks cannot race.
 *
 * Failures do not throw: they are recorded (`smtp2go_last_error`, webhook status `failed`, or
 * `none` while there is no sub-account) for Settings › Email to show with a retry button.
 * Without the smtp2go provider it does nothing.
 */
export async function provisionSmtp2go(db: Database, options: ProvisionSmtp2goOptions): Promise<void> {
  const config = options.env.email;
  if (config.provider !== 'smtp2go') return;
  const api = createSmtp2goAccountApi({ apiKey: config.apiKey, baseUrl: config.baseUrl, fetch: options.fetch, timeoutMs: options.timeoutMs });

  if (options.only === 'webhook') {
    const [row] = await db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, options.storeId));
    if (!row?.smtp2goSubaccountId || !row.smtp2goApiKeyEncrypted) {
      throw new AppError('failed-precondition', 'Create the sending account first: choose “Retry” next to the smtp2go sub-account.');
    }
  }

  // Shown while the calls run; the transaction below ends it as active, failed or none. An active
  // webhook stays active meanwhile, so a re-check never stops the store's sending.
  await db.insert(storeEmailSettings).values({ storeId: options.storeId }).onConflictDoNothing();
  await db
    .update(storeEmailSettings)
    .set({ smtp2goWebhookStatus: 'pending', updatedAt: options.now })
    .where(and(eq(storeEmailSettings.storeId, options.storeId), ne(storeEmailSettings.smtp2goWebhookStatus, 'active')));

  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, options.storeId)).for('update');
    if (!row) return;
    // Already complete: nothing to repair, and no call that could fail and demote a working setup.
    if (row.smtp2goSubaccountId && row.smtp2goApiKeyEncrypted && row.smtp2goWebhookId && row.smtp2goWebhookStatus === 'active') return;
    const save = (values: Partial<Row>) =>
      tx.update(storeEmailSettings).set({ ...values, updatedAt: options.now }).where(eq(storeEmailSettings.storeId, options.storeId));

    let subaccountId = row.smtp2goSubaccountId;
    let hasKey = Boolean(row.smtp2goApiKeyEncrypted);
    let step = 'create the smtp2go sub-account';
    try {
      if (!subaccountId) {
        subaccountId = await findOrCreateSubaccount(api, options.storeId);
        await save({ smtp2goSubaccountId: subaccountId });
      }
      if (!hasKey) {
        step = 'create the sub-account’s API key';
        const { apiKey } = await api.addApiKey({ subaccountId, description: `Shopfront sending for store ${options.storeId}` });
        await save({ smtp2goApiKeyEncrypted: sealSecret(options.env, smtp2goKeyPurpose, apiKey) });
        hasKey = true;
      }
      step = 'create the smtp2go webhook';
      const webhookId = await findOrCreateWebhook(api, { subaccountId, row, options });
      await save({ smtp2goWebhookId: webhookId, smtp2goWebhookStatus: 'active', smtp2goLastError: null });
    } catch (error) {
      if (!(error instanceof Smtp2goApiError)) throw error;
      const status: Smtp2goWebhookStatus = subaccountId && hasKey ? 'failed' : 'none';
      await save({ smtp2goWebhookStatus: status, smtp2goLastError: describeFailure(step, error) });
    }
  });
}

async function findOrCreateSubaccount(api: Smtp2goAccountApi, storeId: string): Promise<string> {
  const fullname = subaccountName(storeId);
  const [existing] = await api.findSubaccounts({ fullname });
  if (existing) return existing.id;
  return (await api.addSubaccount({ fullname })).id;
}

async function findOrCreateWebhook(
  api: Smtp2goAccountApi,
  { subaccountId, row, options }: { subaccountId: string; row: Row; options: ProvisionSmtp2goOptions },
): Promise<string> {
  const url = smtp2goWebhookUrl(options.env.publicUrl, options.storeId);
  const webhooks = await api.viewWebhooks({ subaccountId });
  const ours = webhooks.find((w) => w.id === row.smtp2goWebhookId && w.url === url) ?? webhooks.find((w) => w.url === url);
  if (ours) return ours.id;
  const created = await api.addWebhook({ subaccountId, url, bearerToken: smtp2goWebhookToken(options.env, options.storeId) });
  return created.id;
}

function describeFailure(step: string, error: Smtp2goApiError): string {
  const wait = error.retryAfterMs === undefined ? '' : ` Try again in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} seconds.`;
  const advice = wait || (error.retryable ? ' Try again in a moment.' : ' Check the platform’s smtp2go account, then try again.');
  return `Could not ${step}: ${error.message}.${advice}`;
}
