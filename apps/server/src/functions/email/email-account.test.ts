import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { captureLogs } from '#src/testing/log-capture.ts';
import { startSmtp2goStandIn, smtp2goStandInEnv, type Smtp2goStandIn } from '#src/testing/smtp2go-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv, TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

const ACCOUNT_FUNCTIONS = ['getEmailSettings', 'enableStoreEmail', 'retryEmailSubaccountCreation', 'retryWebhookCreation'] as const;

describe('store email settings and the smtp2go sending account', () => {
  let standIn: Smtp2goStandIn;
  let t: TestApp;
  let creator: TestCreator;
  let mallory: TestCreator;
  const logs = captureLogs('info');
  let slugs = 0;

  /** A store of a new creator (the free plan allows one store each), who becomes `creator`. */
  const newStore = async () => {
    creator = await signedInCreator(t);
    return (await createStoreAs(t, creator, `mail-shop-${++slugs}`)).id;
  };
  const call = async (name: (typeof ACCOUNT_FUNCTIONS)[number], storeId: string, as: TestCreator = creator) => {
    const reply = await callFunction(t.app, name, { storeId }, { as });
    if (reply.statusCode !== 200) throw new Error(`${name}: ${reply.statusCode} ${reply.body}`);
    return reply.json().result;
  };
  const rowOf = async (storeId: string) => (await t.db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, storeId)))[0]!;
  const subaccountsOf = (storeId: string) => standIn.subaccounts.filter((s) => s.name === `Shopfront store ${storeId}`);

  beforeAll(async () => {
    standIn = await startSmtp2goStandIn();
    t = await createTestApp({ env: testEnv(smtp2goStandInEnv(standIn)), logger: logs.logger });
    mallory = await signedInCreator(t);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  describe('enabling email', () => {
    it('creates the sub-account, its API key (sealed) and an active webhook for the six events', async () => {
      const storeId = await newStore();
      const settings = await call('enableStoreEmail', storeId);

      expect(settings).toMatchObject({
        provider: 'smtp2go',
        smtp2goSubAccount: { exists: true, hasApiKey: true, webhookStatus: 'active', configured: true, lastError: null },
      });
      expect(subaccountsOf(storeId)).toHaveLength(1);
      const [subaccount] = subaccountsOf(storeId);
      const [webhook] = standIn.webhooks.filter((w) => w.subaccountId === subaccount!.id);
      expect(webhook).toMatchObject({
        url: `${TEST_PUBLIC_URL}/api/webhooks/smtp2go/${storeId}`,
        outputFormat: 'json',
        authHeaderType: 'bearer',
      });
      expect(webhook!.events.sort()).toEqual(['bounce', 'click', 'delivered', 'open', 'spam', 'unsubscribe']);
      expect(webhook!.authHeaderValue.length).toBeGreaterThanOrEqual(40);
      expect(settings.smtp2goSubAccount.webhookId).toBe(String(webhook!.id));

      const row = await rowOf(storeId);
      const issuedKey = [...standIn.apiKeys].find(([, id]) => id === subaccount!.id)![0];
      expect(row.enabledAt).not.toBeNull();
      expect(row.smtp2goApiKeyEncrypted).toMatch(/^v1\./);
      expect(row.smtp2goApiKeyEncrypted).not.toContain(issuedKey);
    });

    it('enabling again changes nothing at smtp2go', async () => {
      const storeId = await newStore();
      await call('enableStoreEmail', storeId);
      const before = standIn.requests.length;
      const again = await call('enableStoreEmail', storeId);
      expect(again.smtp2goSubAccount).toMatchObject({ configured: true, webhookStatus: 'active' });
      expect(standIn.requests.length).toBe(before);
      expect(subaccountsOf(storeId)).toHaveLength(1);
    });

    it('a store that never enabled email shows the defaults, not configured', async () => {
      const storeId = await newStore();
      const settings = await call('getEmailSettings', storeId);
      expect(settings).toEqual({
        senderName: '',
        replyTo: null,
        postalAddress: '',
        trackingEnabled: false,
        pausedAt: null,
        pausedReason: null,
        recentComplaintRate: 0,
        provider: 'smtp2go',
        smtp2goSubAccount: { exists: false, hasApiKey: false, webhookId: null, webhookStatus: 'none', configured: false, lastError: null },
      });
    });
  });

  describe('a half-made setup and its repair', () => {
    it('a 5xx on sub-account creation shows the error; retry creates exactly one sub-account', async () => {
      const storeId = await newStore();
      standIn.failNext('/subaccount/add', { status: 503 });
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ exists: false, configured: false, webhookStatus: 'none' });
      expect(failed.smtp2goSubAccount.lastError).toMatch(/Could not create the smtp2go sub-account: smtp2go answered HTTP 503/);
      expect(subaccountsOf(storeId)).toHaveLength(0);

      const repaired = await call('retryEmailSubaccountCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ exists: true, hasApiKey: true, webhookStatus: 'active', configured: true, lastError: null });
      expect(subaccountsOf(storeId)).toHaveLength(1);
    });

    it('a reply lost after smtp2go made the sub-account: retry finds it instead of making a second', async () => {
      const storeId = await newStore();
      standIn.failNext('/subaccount/add', 'lost-reply');
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ exists: false, configured: false });
      expect(failed.smtp2goSubAccount.lastError).toMatch(/could not be reached/);
      expect(subaccountsOf(storeId)).toHaveLength(1);

      const repaired = await call('retryEmailSubaccountCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ exists: true, configured: true });
      expect(subaccountsOf(storeId)).toHaveLength(1);
      await call('retryEmailSubaccountCreation', storeId);
      expect(subaccountsOf(storeId)).toHaveLength(1);
    });

    it('a 429 names the wait from Retry-After', async () => {
      const storeId = await newStore();
      standIn.failNext('/subaccount/add', { status: 429, retryAfter: '30' });
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount.lastError).toMatch(/rate limiting.*Try again in 30 seconds\./);
    });

    it('a failed API key leaves the sub-account; retry adds only the key', async () => {
      const storeId = await newStore();
      standIn.failNext('/api_keys/add', { status: 500 });
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ exists: true, hasApiKey: false, configured: false, webhookStatus: 'none' });
      expect(failed.smtp2goSubAccount.lastError).toMatch(/API key/);

      const adds = standIn.requestsTo('/subaccount/add').length;
      const repaired = await call('retryEmailSubaccountCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ exists: true, hasApiKey: true, configured: true });
      expect(standIn.requestsTo('/subaccount/add').length).toBe(adds);
      expect(subaccountsOf(storeId)).toHaveLength(1);
    });

    it('a failed webhook means not configured (spec §4); retryWebhookCreation makes it active', async () => {
      const storeId = await newStore();
      standIn.failNext('/webhook/add', { status: 502 });
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ exists: true, hasApiKey: true, webhookId: null, webhookStatus: 'failed', configured: false });
      expect(failed.smtp2goSubAccount.lastError).toMatch(/Could not create the smtp2go webhook: smtp2go answered HTTP 502/);

      const repaired = await call('retryWebhookCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ webhookStatus: 'active', configured: true, lastError: null });
      expect(repaired.smtp2goSubAccount.webhookId).not.toBeNull();
      expect(subaccountsOf(storeId)).toHaveLength(1);
    });

    it('a webhook made but its reply dropped is found by URL, not added twice', async () => {
      const storeId = await newStore();
      standIn.failNext('/webhook/add', 'lost-reply');
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ webhookStatus: 'failed', configured: false });

      const repaired = await call('retryWebhookCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ webhookStatus: 'active', configured: true });
      const subaccountId = subaccountsOf(storeId)[0]!.id;
      expect(standIn.webhooks.filter((w) => w.subaccountId === subaccountId)).toHaveLength(1);
    });

    it('a webhook lookup that times out (dropped connection) stays failed until a retry works', async () => {
      const storeId = await newStore();
      standIn.failNext('/webhook/view', 'drop', 2);
      const failed = await call('enableStoreEmail', storeId);
      expect(failed.smtp2goSubAccount).toMatchObject({ webhookStatus: 'failed', configured: false });
      const stillFailed = await call('retryWebhookCreation', storeId);
      expect(stillFailed.smtp2goSubAccount).toMatchObject({ webhookStatus: 'failed', configured: false });
      const repaired = await call('retryWebhookCreation', storeId);
      expect(repaired.smtp2goSubAccount).toMatchObject({ webhookStatus: 'active', configured: true });
    });

    it('retryWebhookCreation without a sub-account says to create the account first', async () => {
      const storeId = await newStore();
      standIn.failNext('/subaccount/add', { status: 500 });
      await call('enableStoreEmail', storeId);
      const reply = await callFunction(t.app, 'retryWebhookCreation', { storeId }, { as: creator });
      expect(reply.statusCode).toBe(400);
      expect(errorOf(reply).message).toMatch(/Create the sending account first/);
      expect(subaccountsOf(storeId)).toHaveLength(0);
    });
  });

  describe('secrets and tenancy', () => {
    it('no sub-account API key appears in any function output or log line', async () => {
      const storeId = await newStore();
      const outputs = [
        await call('enableStoreEmail', storeId),
        await call('getEmailSettings', storeId),
        await call('retryEmailSubaccountCreation', storeId),
        await call('retryWebhookCreation', storeId),
      ];
      const keys = [...standIn.apiKeys.keys(), standIn.masterKey];
      const logged = JSON.stringify(logs.lines());
      for (const key of keys) {
        for (const output of outputs) expect(JSON.stringify(output)).not.toContain(key);
        expect(logged).not.toContain(key);
      }
      expect(logs.lines().length).toBeGreaterThan(0);
    });

    it.each(ACCOUNT_FUNCTIONS)('%s: a foreign store answers exactly like a missing one', async (name) => {
      const storeId = await newStore();
      await call('enableStoreEmail', storeId);
      const requests = standIn.requests.length;
      const foreign = await callFunction(t.app, name, { storeId }, { as: mallory });
      const missing = await callFunction(t.app, name, { storeId: 'store_aaaaaaaaaaaaaaaaaaaa' }, { as: mallory });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign)).toEqual(errorOf(missing));
      expect(errorOf(foreign).message).toBe(MESSAGES.stores.notFound);
      expect(standIn.requests.length).toBe(requests);
    });

    it('updateEmailSettings: a foreign store answers like a missing one and nothing changes', async () => {
      const storeId = await newStore();
      const fields = { senderName: 'Mallory' };
      const foreign = await callFunction(t.app, 'updateEmailSettings', { storeId, fields }, { as: mallory });
      const missing = await callFunction(t.app, 'updateEmailSettings', { storeId: 'store_aaaaaaaaaaaaaaaaaaaa', fields }, { as: mallory });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign)).toEqual(errorOf(missing));
      expect((await call('getEmailSettings', storeId)).senderName).toBe('');
    });
  });

  describe('updateEmailSettings', () => {
    it('saves sender name, reply-to, postal address and tracking; leaves the rest', async () => {
      const storeId = await newStore();
      const reply = await callFunction(
        t.app,
        'updateEmailSettings',
        { storeId, fields: { senderName: '  Ada’s Shop ', replyTo: 'Ada@Example.com', postalAddress: '1 Main St\nSpringfield', trackingEnabled: true } },
        { as: creator },
      );
      expect(reply.statusCode).toBe(200);
      expect(reply.json().result).toMatchObject({ senderName: 'Ada’s Shop', replyTo: 'ada@example.com', postalAddress: '1 Main St\nSpringfield', trackingEnabled: true });

      const partial = await callFunction(t.app, 'updateEmailSettings', { storeId, fields: { trackingEnabled: false } }, { as: creator });
      expect(partial.json().result).toMatchObject({ senderName: 'Ada’s Shop', postalAddress: '1 Main St\nSpringfield', trackingEnabled: false });
    });

    it('refuses a postal address over the limit and a bad reply-to, with the catalogue messages', async () => {
      const storeId = await newStore();
      const long = await callFunction(t.app, 'updateEmailSettings', { storeId, fields: { postalAddress: 'x'.repeat(501) } }, { as: creator });
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain('Postal address must be under 500 characters');
      const atLimit = await callFunction(t.app, 'updateEmailSettings', { storeId, fields: { postalAddress: 'x'.repeat(500) } }, { as: creator });
      expect(atLimit.statusCode).toBe(200);
      const badReply = await callFunction(t.app, 'updateEmailSettings', { storeId, fields: { replyTo: 'not-an-address' } }, { as: creator });
      expect(badReply.statusCode).toBe(400);
      expect(badReply.body).toContain('Please enter a valid email address');
    });
  });
});

describe('store email settings with the outbox provider', () => {
  let t: TestApp;
  let creator: TestCreator;
  beforeAll(async () => {
    t = await createTestApp();
    creator = await signedInCreator(t);
  });
  afterAll(() => t?.close());

  it('enabling needs no sub-account: the platform provider counts as configured', async () => {
    const { id: storeId } = await createStoreAs(t, creator, 'outbox-mail');
    const reply = await callFunction(t.app, 'enableStoreEmail', { storeId }, { as: creator });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result).toMatchObject({
      provider: 'outbox',
      smtp2goSubAccount: { exists: false, hasApiKey: false, webhookId: null, webhookStatus: 'none', configured: true, lastError: null },
    });
    const retried = await callFunction(t.app, 'retryEmailSubaccountCreation', { storeId }, { as: creator });
    expect(retried.json().result.smtp2goSubAccount.configured).toBe(true);
  });
});
