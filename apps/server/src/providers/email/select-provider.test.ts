import { describe, expect, it } from 'vitest';
import { emailProviderFromConfig } from './select-provider.ts';
import type { EmailMessage } from './types.ts';

describe('emailProviderFromConfig', () => {
  const saved: EmailMessage[] = [];
  const deps = { saveToOutbox: async (m: EmailMessage) => (saved.push(m), { id: 'o-1' }) };

  it('builds the provider named by the config', () => {
    const from = 'a@b.test';
    expect(emailProviderFromConfig({ provider: 'outbox', from }, deps).name).toBe('outbox');
    expect(emailProviderFromConfig({ provider: 'smtp', from, host: 'localhost', port: 2525, secure: false }, deps).name).toBe('smtp');
    expect(emailProviderFromConfig({ provider: 'smtp2go', from, apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }, deps).name).toBe('smtp2go');
  });

  it('routes outbox sends to saveToOutbox with the configured sender', async () => {
    const outbox = emailProviderFromConfig({ provider: 'outbox', from: 'Shopfront <no-reply@localhost>' }, deps);
    await expect(outbox.send({ to: 'ada@example.com', subject: 's', text: 't', html: 'h' })).resolves.toEqual({ providerMessageId: 'o-1' });
    expect(saved.at(-1)?.from).toBe('Shopfront <no-reply@localhost>');
  });
});
