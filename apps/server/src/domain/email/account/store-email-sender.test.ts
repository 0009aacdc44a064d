import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { startSmtp2goStandIn, smtp2goStandInEnv, type Smtp2goStandIn } from '#src/testing/smtp2go-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { enableStoreEmail } from './enable-store-email.ts';
import { formatSender } from './format-sender.ts';
import { storeEmailSender } from './store-email-sender.ts';

const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

describe('storeEmailSender', () => {
  let standIn: Smtp2goStandIn;
  let t: TestApp;
  let slugs = 0;

  const newStore = async (name?: string) => {
    const store = await createStoreAs(t, await signedInCreator(t), `sender-${++slugs}`, name ? { storeName: name } : {});
    return store.id;
  };
  const senderOf = (storeId: string, env = t.env) => storeEmailSender(t.db, { config: env.email, env, storeId });
  const subaccountOf = (storeId: string) => standIn.subaccounts.find((s) => s.name === `Shopfront store ${storeId}`)!.id;

  beforeAll(async () => {
    standIn = await startSmtp2goStandIn();
    t = await createTestApp({ env: testEnv(smtp2goStandInEnv(standIn)) });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('sends through the store’s sub-account once its webhook is active', async () => {
    const storeId = await newStore();
    await enableStoreEmail(t.db, { storeId, env: t.env, now: new Date() });
    const sender = await senderOf(storeId);
    expect(sender.providerName).toBe('smtp2go-subaccount');

    await sender.provider!.send({ ...message, from: sender.from });
    expect(standIn.sent.at(-1)).toMatchObject({ subaccountId: subaccountOf(storeId), body: { sender: sender.from } });
  });

  it('uses the platform account while the webhook is not active (spec §4), even with a sub-account key', async () => {
    const storeId = await newStore();
    standIn.failNext('/webhook/add', { status: 500 });
    await enableStoreEmail(t.db, { storeId, env: t.env, now: new Date() });
    const [row] = await t.db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, storeId));
    expect(row).toMatchObject({ smtp2goWebhookStatus: 'failed' });
    expect(row!.smtp2goApiKeyEncrypted).not.toBeNull();

    for (const status of ['failed', 'pending', 'none'] as const) {
      await t.db.update(storeEmailSettings).set({ smtp2goWebhookStatus: status }).where(eq(storeEmailSettings.storeId, storeId));
      const sender = await senderOf(storeId);
      expect(sender.providerName).toBe('smtp2go');
      await sender.provider!.send(message);
      expect(standIn.sent.at(-1)!.subaccountId).toBeNull();
    }
  });

  it('a store that never enabled email sends through the platform account', async () => {
    const storeId = await newStore();
    const sender = await senderOf(storeId);
    expect(sender.providerName).toBe('smtp2go');
  });

  it('with the outbox: no provider (the caller writes the outbox), the store name as sender name', async () => {
    const storeId = await newStore('Ada’s "Bits", Shop');
    const outboxEnv = testEnv();
    const sender = await senderOf(storeId, outboxEnv);
    expect(sender).toEqual({ from: '"Ada’s \\"Bits\\", Shop" <no-reply@localhost>', provider: null, providerName: 'outbox' });

    await t.db.insert(storeEmailSettings).values({ storeId, senderName: 'Ada at Bits' });
    expect((await senderOf(storeId, outboxEnv)).from).toBe('"Ada at Bits" <no-reply@localhost>');
  });

  it('with SMTP: the platform transport the caller passes', async () => {
    const storeId = await newStore();
    const smtpEnv = testEnv({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525' });
    const platform = { name: 'smtp' as const, send: () => Promise.resolve({ providerMessageId: null }) };
    const sender = await storeEmailSender(t.db, { config: smtpEnv.email, env: smtpEnv, storeId, platform });
    expect(sender.provider).toBe(platform);
    expect(sender.providerName).toBe('smtp');
  });
});

describe('formatSender', () => {
  it('keeps the platform address and puts the name in one quoted line', () => {
    expect(formatSender('Shopfront <mail@shopfront.test>', 'Ada')).toBe('"Ada" <mail@shopfront.test>');
    expect(formatSender('mail@shopfront.test', 'Ada')).toBe('"Ada" <mail@shopfront.test>');
    expect(formatSender('Shopfront <mail@shopfront.test>', 'Evil\r\nBcc: x@y.z <a@b.c>')).toBe('"Evil Bcc: x@y.z <a@b.c>" <mail@shopfront.test>');
    expect(formatSender('Shopfront <mail@shopfront.test>', '  ')).toBe('Shopfront <mail@shopfront.test>');
  });
});
