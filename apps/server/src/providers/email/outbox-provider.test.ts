import { describe, expect, it } from 'vitest';
import { createOutboxProvider } from './outbox-provider.ts';
import type { EmailMessage } from './types.ts';

const message: EmailMessage = { to: 'ada@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>', tags: ['welcome'] };

describe('outbox provider', () => {
  it('saves the message with the default sender and returns the row id', async () => {
    const saved: EmailMessage[] = [];
    const outbox = createOutboxProvider({ from: 'Shopfront <no-reply@localhost>', save: async (m) => (saved.push(m), { id: 'row-42' }) });

    await expect(outbox.send(message)).resolves.toEqual({ providerMessageId: 'row-42' });
    expect(saved).toEqual([{ ...message, from: 'Shopfront <no-reply@localhost>' }]);
  });

  it('keeps a sender given on the message', async () => {
    const saved: EmailMessage[] = [];
    const outbox = createOutboxProvider({ from: 'default@localhost', save: async (m) => (saved.push(m), { id: '1' }) });
    await outbox.send({ ...message, from: 'store@shop.test' });
    expect(saved[0]?.from).toBe('store@shop.test');
  });

  it('a failed save is a retryable EmailSendError carrying the cause', async () => {
    const dbDown = new Error('connection terminated');
    const outbox = createOutboxProvider({ save: () => Promise.reject(dbDown) });
    await expect(outbox.send(message)).rejects.toMatchObject({ name: 'EmailSendError', provider: 'outbox', retryable: true, cause: dbDown });
  });
});
