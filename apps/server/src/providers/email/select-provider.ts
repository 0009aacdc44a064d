import type { EmailConfig } from '#src/env/email-env.ts';
import { createOutboxProvider, type SaveToOutbox } from './outbox-provider.ts';
import { createSmtpProvider } from './smtp-provider.ts';
import { createSmtp2goProvider } from './smtp2go-provider.ts';
import type { EmailProvider } from './types.ts';

export interface EmailProviderDeps {
  /** Writes to the outbox table; used only when the provider is `outbox`. */
  saveToOutbox: SaveToOutbox;
  fetch?: typeof fetch | undefined;
}

/** Builds the provider chosen by `EMAIL_PROVIDER` (config from `EmailEnvSchema`). */
export function emailProviderFromConfig(config: EmailConfig, deps: EmailProviderDeps): EmailProvider {
  switch (config.provider) {
    case 'outbox':
      return createOutboxProvider({ save: deps.saveToOutbox, from: config.from });
    case 'smtp':
      return createSmtpProvider(config);
    case 'smtp2go':
      return createSmtp2goProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, from: config.from, fetch: deps.fetch });
  }
}
