import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { storeEmailSettings, stores } from '#src/db/schema/index.ts';
import type { EmailConfig } from '#src/env/email-env.ts';
import { openSecret, type SecretEnv } from '#src/identity/sealed-secret.ts';
import { createSmtp2goProvider, type Smtp2goProvider } from '#src/providers/email/smtp2go-provider.ts';
import { createSmtpProvider } from '#src/providers/email/smtp-provider.ts';
import type { EmailProvider, EmailProviderName } from '#src/providers/email/types.ts';
import { formatSender } from './format-sender.ts';
import { smtp2goKeyPurpose } from './smtp2go-key-purpose.ts';

export interface StoreEmailSenderOptions {
  config: EmailConfig;
  /** For opening the sealed sub-account key. */
  env: SecretEnv;
  storeId: string;
  /**
   * The platform provider the caller already holds (one SMTP transport per process); built from
   * `config` when absent. Ignored for the outbox.
   */
  platform?: EmailProvider | undefined;
  fetch?: typeof fetch | undefined;
}

export interface StoreEmailSender {
  /** `"Sender name" <EMAIL_FROM address>`; the platform sender when the store set no name. */
  from: string;
  /** null: the outbox, which the caller writes in its own transaction. */
  provider: EmailProvider | null;
  /** `smtp2go-subaccount` when the store's own sub-account sends. */
  providerName: EmailProviderName | 'smtp2go-subaccount';
}

/**
 * Who sends a store's campaign mail. With smtp2go, the store's own sub-account once it is
 * configured — spec §4: only when its webhook is `active`, since bounces and complaints must be
 * heard before mail goes out under the store's reputation. Otherwise the platform provider.
 */
export async function storeEmailSender(db: Executor, options: StoreEmailSenderOptions): Promise<StoreEmailSender> {
  const { config } = options;
  const [row] = await db
    .select({
      storeName: stores.name,
      senderName: storeEmailSettings.senderName,
      apiKeyEncrypted: storeEmailSettings.smtp2goApiKeyEncrypted,
      webhookStatus: storeEmailSettings.smtp2goWebhookStatus,
    })
    .from(stores)
    .leftJoin(storeEmailSettings, eq(storeEmailSettings.storeId, stores.id))
    .where(eq(stores.id, options.storeId))
    .limit(1);
  const from = formatSender(config.from, row?.senderName || row?.storeName || '');

  if (config.provider === 'outbox') return { from, provider: null, providerName: 'outbox' };
  if (config.provider === 'smtp') {
    return { from, provider: options.platform ?? createSmtpProvider(config), providerName: 'smtp' };
  }
  const platform = isSmtp2go(options.platform)
    ? options.platform
    : createSmtp2goProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, from: config.from, fetch: options.fetch });
  if (row?.webhookStatus === 'active' && row.apiKeyEncrypted) {
    const apiKey = openSecret(options.env, smtp2goKeyPurpose, row.apiKeyEncrypted);
    return { from, provider: platform.forSubaccount(apiKey), providerName: 'smtp2go-subaccount' };
  }
  return { from, provider: platform, providerName: 'smtp2go' };
}

function isSmtp2go(provider: EmailProvider | undefined): provider is Smtp2goProvider {
  return provider?.name === 'smtp2go' && 'forSubaccount' in provider;
}
