import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { startSmtp2goStandIn, smtp2goStandInEnv, type Smtp2goStandIn } from '#src/testing/smtp2go-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { provisionSmtp2go } from './provision-smtp2go.ts';

describe('provisionSmtp2go when smtp2go does not answer', () => {
  let standIn: Smtp2goStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await startSmtp2goStandIn();
    t = await createTestApp({ env: testEnv(smtp2goStandInEnv(standIn)) });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('a timed-out sub-account call is recorded; the next run creates exactly one', async () => {
    const { id: storeId } = await createStoreAs(t, await signedInCreator(t), 'slow-smtp2go');
    const row = async () => (await t.db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, storeId)))[0]!;
    standIn.failNext('/subaccounts/search', 'hang');

    await provisionSmtp2go(t.db, { storeId, env: t.env, now: new Date(), timeoutMs: 150 });
    expect(await row()).toMatchObject({
      smtp2goSubaccountId: null,
      smtp2goWebhookStatus: 'none',
      smtp2goLastError: 'Could not create the smtp2go sub-account: smtp2go did not answer in time. Try again in a moment.',
    });

    await provisionSmtp2go(t.db, { storeId, env: t.env, now: new Date(), timeoutMs: 150 });
    expect(await row()).toMatchObject({ smtp2goWebhookStatus: 'active', smtp2goLastError: null });
    expect(standIn.subaccounts.filter((s) => s.name === `Shopfront store ${storeId}`)).toHaveLength(1);
  });

  it('two runs at once make one sub-account and one webhook', async () => {
    const { id: storeId } = await createStoreAs(t, await signedInCreator(t), 'twice-smtp2go');
    await Promise.all([
      provisionSmtp2go(t.db, { storeId, env: t.env, now: new Date() }),
      provisionSmtp2go(t.db, { storeId, env: t.env, now: new Date() }),
    ]);
    const subaccounts = standIn.subaccounts.filter((s) => s.name === `Shopfront store ${storeId}`);
    expect(subaccounts).toHaveLength(1);
    expect(standIn.webhooks.filter((w) => w.subaccountId === subaccounts[0]!.id)).toHaveLength(1);
    expect([...standIn.apiKeys.values()].filter((id) => id === subaccounts[0]!.id)).toHaveLength(1);
  });
});
