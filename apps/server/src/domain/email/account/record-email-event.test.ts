import { EMAIL_LIMITS } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEmailSettings, users } from '#src/db/schema/index.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { insertSentCampaign, type SentRecipient } from '#src/testing/sent-recipients.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { complaintRate } from './complaint-rate.ts';
import { recordEmailEvent } from './record-email-event.ts';

describe('recordEmailEvent: the complaint-rate pause', () => {
  let t: TestApp;
  let slugs = 0;

  async function storeWithSends(count: number) {
    const owner: TestCreator = await signedInCreator(t);
    const store = await createStoreAs(t, owner, `complaints-${++slugs}`);
    const { recipients } = await insertSentCampaign(t, store.id, count);
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
    return { storeId: store.id, recipients, ownerEmail: user!.email };
  }
  const complain = (storeId: string, r: SentRecipient) =>
    recordEmailEvent(t.db, { storeId, eventId: `spam-${r.id}`, event: 'spam', messageId: r.messageId, email: r.email, at: new Date(), publicUrl: 'http://localhost:3000' });
  const settingsOf = async (storeId: string) => (await t.db.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, storeId)))[0];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('the limits are 0.3% of the last 1,000 sends', () => {
    expect(EMAIL_LIMITS.complaintRateMax).toBe(0.003);
    expect(EMAIL_LIMITS.complaintWindow).toBe(1000);
  });

  it('3 complaints in the last 1,000 sends (exactly 0.3%) do not pause; the 4th passes 0.3% and pauses', async () => {
    const { storeId, recipients, ownerEmail } = await storeWithSends(1000);
    for (const r of recipients.slice(0, 3)) expect((await complain(storeId, r)).paused).toBe(false);
    expect(await complaintRate(t.db, storeId)).toMatchObject({ complaints: 3, sends: 1000, rate: 0.003, exceeded: false });
    expect((await settingsOf(storeId))?.pausedAt ?? null).toBeNull();
    expect(await queuedEmails(t, ownerEmail)).toHaveLength(0);

    const fourth = await complain(storeId, recipients[3]!);
    expect(fourth).toMatchObject({ applied: true, paused: true });
    const settings = await settingsOf(storeId);
    expect(settings?.pausedAt).not.toBeNull();
    expect(settings?.pausedReason).toBe(
      'Email sending is paused because 4 people marked your emails as spam: 0.4% of your last 1,000 emails. ' +
        'Sending pauses when spam complaints pass 0.3% of your last 1,000 emails, to protect your store\'s sender reputation.',
    );

    const told = await queuedEmails(t, ownerEmail);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Email sending is paused for /);
    expect(told[0]!.text).toContain('pass 0.3% of your last 1,000 emails');
    expect(told[0]!.text).toContain('http://localhost:3000/dashboard/settings');
  });

  it('a 5th complaint keeps the first pause and does not email the creator again', async () => {
    const { storeId, recipients, ownerEmail } = await storeWithSends(1000);
    for (const r of recipients.slice(0, 4)) await complain(storeId, r);
    const pausedAt = (await settingsOf(storeId))?.pausedAt;
    expect((await complain(storeId, recipients[4]!)).paused).toBe(false);
    expect((await settingsOf(storeId))?.pausedAt).toEqual(pausedAt);
    expect(await queuedEmails(t, ownerEmail)).toHaveLength(1);
  });

  it('only the last 1,000 sends count: 4 complaints among older sends do not pause', async () => {
    const { storeId, recipients } = await storeWithSends(1000);
    // 1,000 newer sends push the first campaign out of the window.
    await insertSentCampaign(t, storeId, 1000, { domain: 'newer.test', sentAt: new Date(Date.now() + 60_000) });
    for (const r of recipients.slice(0, 4)) expect((await complain(storeId, r)).paused).toBe(false);
    expect(await complaintRate(t.db, storeId)).toMatchObject({ complaints: 0, sends: 1000, exceeded: false });
  });

  it('a store with fewer than 1,000 sends is measured against 1,000: 3 of 10 do not pause, 4 do', async () => {
    const { storeId, recipients } = await storeWithSends(10);
    for (const r of recipients.slice(0, 3)) expect((await complain(storeId, r)).paused).toBe(false);
    expect((await complain(storeId, recipients[3]!)).paused).toBe(true);
  });

  it('complaints arriving together are all counted: 3 earlier + 2 at once pauses', async () => {
    const { storeId, recipients } = await storeWithSends(1000);
    for (const r of recipients.slice(0, 3)) await complain(storeId, r);
    const results = await Promise.all(recipients.slice(3, 5).map((r) => complain(storeId, r)));
    expect(results.filter((r) => r.paused)).toHaveLength(1);
    expect((await settingsOf(storeId))?.pausedAt).not.toBeNull();
  });

  it('the same complaint delivered twice counts once', async () => {
    const { storeId, recipients } = await storeWithSends(1000);
    for (let i = 0; i < 4; i += 1) await complain(storeId, recipients[0]!);
    expect(await complaintRate(t.db, storeId)).toMatchObject({ complaints: 1 });
    expect((await settingsOf(storeId))?.pausedAt ?? null).toBeNull();
  });
});
