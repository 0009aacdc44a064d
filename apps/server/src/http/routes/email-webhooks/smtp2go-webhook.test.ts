import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailCampaignRecipients, emailSuppressions, emailWebhookEvents } from '#src/db/schema/index.ts';
import { smtp2goWebhookToken } from '#src/domain/email/account/smtp2go-webhook-token.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { insertBuyer } from '#src/testing/customers.ts';
import { insertSentCampaign, type SentRecipient } from '#src/testing/sent-recipients.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('POST /api/webhooks/smtp2go/:storeId', () => {
  let t: TestApp;
  let storeId: string;
  let otherStoreId: string;
  let recipients: SentRecipient[];

  const post = (payload: unknown, options: { token?: string | null; store?: string; form?: boolean } = {}) => {
    const store = options.store ?? storeId;
    const token = options.token === undefined ? smtp2goWebhookToken(t.env, store) : options.token;
    const form = options.form ?? false;
    return t.app.inject({
      method: 'POST',
      url: `/api/webhooks/smtp2go/${store}`,
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : JSON.stringify(payload),
    });
  };
  const eventFor = (r: SentRecipient, event: string, extra: Record<string, string> = {}) => ({
    event,
    rcpt: r.email,
    email_id: r.providerMessageId,
    'message-id': r.messageId.slice(1, -1),
    time: '2026-11-25T10:00:00Z',
    ...extra,
  });
  const recipientRow = async (r: SentRecipient) =>
    (await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.id, r.id)))[0]!;
  const suppression = async (email: string, store = storeId) =>
    (await t.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.storeId, store), eq(emailSuppressions.email, email))))[0];
  const eventCount = async () => (await t.db.select().from(emailWebhookEvents)).length;

  beforeAll(async () => {
    t = await createTestApp();
    storeId = (await createStoreAs(t, await signedInCreator(t), 'hook-shop')).id;
    otherStoreId = (await createStoreAs(t, await signedInCreator(t), 'other-hook-shop')).id;
    ({ recipients } = await insertSentCampaign(t, storeId, 10));
  });
  afterAll(() => t?.close());

  describe('verification', () => {
    it('refuses a missing token with 401 and records nothing', async () => {
      const before = await eventCount();
      const reply = await post(eventFor(recipients[0]!, 'bounce'), { token: null });
      expect(reply.statusCode).toBe(401);
      expect(await eventCount()).toBe(before);
      expect(await suppression(recipients[0]!.email)).toBeUndefined();
      expect((await recipientRow(recipients[0]!)).bouncedAt).toBeNull();
    });

    it('refuses a wrong token, and another store’s token, with 401', async () => {
      const before = await eventCount();
      expect((await post(eventFor(recipients[0]!, 'spam'), { token: 'not-the-token' })).statusCode).toBe(401);
      expect((await post(eventFor(recipients[0]!, 'spam'), { token: smtp2goWebhookToken(t.env, otherStoreId) })).statusCode).toBe(401);
      const almost = smtp2goWebhookToken(t.env, storeId).slice(0, -1) + 'x';
      expect((await post(eventFor(recipients[0]!, 'spam'), { token: almost })).statusCode).toBe(401);
      expect(await eventCount()).toBe(before);
      expect(await suppression(recipients[0]!.email)).toBeUndefined();
    });
  });

  describe('events', () => {
    it('delivered stamps the recipient row; the same event again is applied once', async () => {
      const r = recipients[1]!;
      const first = await post(eventFor(r, 'delivered'));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, applied: 1 });
      expect((await recipientRow(r)).deliveredAt?.toISOString()).toBe('2026-11-25T10:00:00.000Z');

      const events = await eventCount();
      const again = await post(eventFor(r, 'delivered'));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, applied: 0 });
      expect(await eventCount()).toBe(events);
    });

    it('a hard bounce suppresses the address for this store only; a soft bounce does not', async () => {
      const hard = recipients[2]!;
      await post(eventFor(hard, 'bounce', { bounce: 'hard' }));
      expect(await suppression(hard.email)).toMatchObject({ reason: 'bounced' });
      expect(await suppression(hard.email, otherStoreId)).toBeUndefined();
      expect((await recipientRow(hard)).bouncedAt).not.toBeNull();

      const soft = recipients[3]!;
      const reply = await post(eventFor(soft, 'bounce', { bounce: 'soft' }));
      expect(reply.json()).toEqual({ received: true, applied: 0 });
      expect(await suppression(soft.email)).toBeUndefined();
      expect((await recipientRow(soft)).bouncedAt).toBeNull();
    });

    it('a spam complaint suppresses the address as complained', async () => {
      const r = recipients[4]!;
      await post(eventFor(r, 'spam'));
      expect(await suppression(r.email)).toMatchObject({ reason: 'complained' });
      expect((await recipientRow(r)).complainedAt).not.toBeNull();
    });

    it('unsubscribe suppresses the address and withdraws the customer’s consent', async () => {
      const r = recipients[5]!;
      const customer = await insertBuyer(t, storeId, r.email);
      await t.db.update(customers).set({ marketingConsent: true }).where(eq(customers.id, customer.id));
      await post(eventFor(r, 'unsubscribe'));
      expect(await suppression(r.email)).toMatchObject({ reason: 'unsubscribed' });
      const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(row).toMatchObject({ marketingConsent: false });
      expect(row!.marketingWithdrawnAt).not.toBeNull();
    });

    it('open and click stamp the row; form-encoded bodies work too', async () => {
      const r = recipients[6]!;
      await post(eventFor(r, 'open'), { form: true });
      await post(eventFor(r, 'click', { time: '2026-11-25T10:05:00Z' }));
      const row = await recipientRow(r);
      expect(row.openedAt).not.toBeNull();
      expect(row.clickedAt?.toISOString()).toBe('2026-11-25T10:05:00.000Z');
    });

    it('an event about another store’s message changes nothing there', async () => {
      const { recipients: theirs } = await insertSentCampaign(t, otherStoreId, 1, { domain: 'theirs.test' });
      await post(eventFor(theirs[0]!, 'delivered'));
      expect((await recipientRow(theirs[0]!)).deliveredAt).toBeNull();
    });

    it('untracked events (processed, reject) are acknowledged and ignored', async () => {
      const before = await eventCount();
      const reply = await post(eventFor(recipients[7]!, 'processed'));
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ received: true, applied: 0 });
      expect(await eventCount()).toBe(before);
    });
  });
});
