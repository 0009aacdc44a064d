import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailCampaignRecipients, emailSuppressions } from '#src/db/schema/index.ts';
import { CONSENT_CONFIRMATION_LIMITS } from '#src/domain/email/consent/consent-confirmation-limits.ts';
import { signConsentToken } from '#src/domain/email/consent/consent-token.ts';
import { signEmailLinkToken } from '#src/domain/email/links/email-link-token.ts';
import { startCampaignSend } from '#src/domain/email/sending/start-campaign-send.ts';
import { checkoutCall, insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { insertContacts, scheduleTestCampaign, seedSendingStore } from '#src/testing/email-campaigns.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CONFIRM_SUBJECT = 'Confirm you want emails from “Cozy Mugs Co.”';

/**
 * Consent a customer withdrew stays withdrawn through any checkout, free or paid, until the
 * customer proves the address: the members area, or the confirmation email a ticked box sends.
 */
describe('a withdrawn address at checkout', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let storeId: string;
  let otherStoreId: string;
  let free: string;
  let paid: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ({ storeId } = await seedSendingStore(t.db, 'withdrawn-mugs'));
    ({ storeId: otherStoreId } = await seedSendingStore(t.db, 'other-mugs', { name: 'Other Mugs' }));
    free = (await insertProduct(t, storeId, { priceMode: 'free', priceCents: 0, title: 'Glaze guide' })).id;
    paid = (await insertProduct(t, storeId, { priceCents: 1500, title: 'Mug pattern' })).id;
  });
  afterAll(() => t?.close());

  /** The address gets a campaign and presses its Unsubscribe button, as the customer did. */
  async function unsubscribeThroughCampaign(email: string, store = storeId) {
    const [known] = await t.db.select().from(customers).where(and(eq(customers.storeId, store), eq(customers.email, email)));
    if (!known) await insertContacts(t.db, store, [{ email }]);
    const { campaignId, runAt } = await scheduleTestCampaign(t.db, { storeId: store, runAt: new Date(clock.now().getTime() - 1000) });
    await t.db.transaction((tx) => startCampaignSend(tx, { campaignId, storeId: store, runAt: runAt.toISOString() }, { messageIdDomain: 'shopfront.test', now: clock.now() }));
    const [row] = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.email, email)));
    const token = signEmailLinkToken(t.env, { kind: 'u', storeId: store, recipientId: row!.id });
    expect((await t.app.inject({ method: 'POST', url: `/e/u/${token}` })).statusCode).toBe(200);
  }

  async function stateOf(email: string, store = storeId) {
    const [customer] = await t.db.select().from(customers).where(and(eq(customers.storeId, store), eq(customers.email, email)));
    const suppressions = await t.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.storeId, store), eq(emailSuppressions.email, email)));
    return { consent: customer?.marketingConsent, withdrawn: customer?.marketingWithdrawnAt !== null, suppressed: suppressions.map((row) => row.reason) };
  }
  const withdrawnState = { consent: false, withdrawn: true, suppressed: ['unsubscribed'] };
  const subscribedState = { consent: true, withdrawn: false, suppressed: [] };

  const confirmations = async (email: string) => (await queuedEmails(t, email)).filter((mail) => mail.tags?.includes('consent-confirmation'));
  async function confirmPath(email: string): Promise<string> {
    const [latest] = await confirmations(email);
    const path = /\/e\/confirm\/\S+/.exec(latest?.text ?? '')?.[0];
    if (!path) throw new Error(`no confirmation link to ${email}`);
    return path;
  }
  const claimFree = (email: string, marketingConsent = true) => startCheckout(t, { storeId, productId: free, email, marketingConsent });

  it('a free checkout with the box ticked leaves the address unsubscribed, and sends one confirmation email', async () => {
    await unsubscribeThroughCampaign('una@example.com');
    expect(await stateOf('una@example.com')).toEqual(withdrawnState);

    expect((await claimFree('una@example.com')).orderId).toBeDefined();
    expect(await stateOf('una@example.com')).toEqual(withdrawnState);
    const [mail, ...more] = await confirmations('una@example.com');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(CONFIRM_SUBJECT);
    expect(mail?.text).toContain('Yes, send me emails');
    expect(mail?.text).toContain('If you did not ask for this, ignore this email');
  });

  it('a paid checkout with the box ticked leaves it unsubscribed too', async () => {
    await unsubscribeThroughCampaign('pat@example.com');
    const { checkoutId } = await startCheckout(t, { storeId, productId: paid, email: 'pat@example.com', marketingConsent: true });
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(303);
    expect(await stateOf('pat@example.com')).toEqual(withdrawnState);
    expect(await confirmations('pat@example.com')).toHaveLength(1);
  });

  it('clicking the confirmation opts back in: GET asks and changes nothing, POST subscribes, once or twice', async () => {
    await unsubscribeThroughCampaign('clara@example.com');
    await claimFree('clara@example.com');
    const path = await confirmPath('clara@example.com');

    const asked = await t.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-security-policy']).toContain("default-src 'none'");
    expect(asked.body).toContain('Cozy Mugs Co.');
    expect(asked.body).toContain('clara@example.com');
    expect(asked.body).toMatch(/<form method="post"[^>]*><button type="submit">Yes, send me emails<\/button>/);
    expect(await stateOf('clara@example.com')).toEqual(withdrawnState);

    for (let i = 0; i < 2; i += 1) {
      const confirmed = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain('You are subscribed');
    }
    expect(await stateOf('clara@example.com')).toEqual(subscribedState);
  });

  it(`sends at most ${CONSENT_CONFIRMATION_LIMITS.perAddressPerStorePerDay} confirmation a day per store and address, then one again the next day`, async () => {
    await unsubscribeThroughCampaign('many@example.com');
    for (let i = 0; i < 3; i += 1) await claimFree('many@example.com');
    expect(await confirmations('many@example.com')).toHaveLength(1);
    expect(await stateOf('many@example.com')).toEqual(withdrawnState);
    clock.advance(DAY_MS);
    await claimFree('many@example.com');
    expect(await confirmations('many@example.com')).toHaveLength(2);
  });

  it('a link is dead once the customer unsubscribes again, and after its days; a tampered or other store’s link does nothing', async () => {
    await unsubscribeThroughCampaign('vic@example.com');
    await claimFree('vic@example.com');
    const path = await confirmPath('vic@example.com');
    const post = (url: string) => t.app.inject({ method: 'POST', url });

    const flipped = path.at(-5) === 'x' ? 'y' : 'x';
    expect((await post(`${path.slice(0, -5)}${flipped}${path.slice(-4)}`)).statusCode).toBe(404);
    // Validly signed, but naming this store's customer under another store.
    const [vic] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'vic@example.com')));
    const foreign = `/e/confirm/${signConsentToken(t.env, { storeId: otherStoreId, customerId: vic!.id, issuedAt: clock.now() })}`;
    expect((await post(foreign)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
    expect(await stateOf('vic@example.com')).toEqual(withdrawnState);

    clock.advance(CONSENT_CONFIRMATION_LIMITS.linkTtlDays * DAY_MS);
    const expired = await post(path);
    expect([expired.statusCode, expired.body.includes('This link has expired')]).toEqual([410, true]);
    expect(await stateOf('vic@example.com')).toEqual(withdrawnState);

    // A fresh link works until the customer unsubscribes after it was sent.
    clock.advance(DAY_MS);
    await claimFree('vic@example.com');
    const fresh = await confirmPath('vic@example.com');
    expect((await post(fresh)).statusCode).toBe(200);
    expect(await stateOf('vic@example.com')).toEqual(subscribedState);
    clock.advance(60_000);
    await unsubscribeThroughCampaign('vic@example.com');
    const stale = await post(fresh);
    expect([stale.statusCode, stale.body.includes('This link is no longer valid')]).toEqual([410, true]);
    expect(await stateOf('vic@example.com')).toEqual(withdrawnState);
  });

  it('the other side: an address that never withdrew is subscribed by the box, with no confirmation; no box, nothing', async () => {
    await claimFree('new@example.com');
    expect(await stateOf('new@example.com')).toEqual(subscribedState);
    expect(await confirmations('new@example.com')).toEqual([]);

    await unsubscribeThroughCampaign('quiet@example.com');
    await claimFree('quiet@example.com', false);
    expect(await stateOf('quiet@example.com')).toEqual(withdrawnState);
    expect(await confirmations('quiet@example.com')).toEqual([]);
  });

  it('a bounced or complaining address gets no confirmation email, whatever is ticked', async () => {
    for (const [email, reason] of [['bounce@example.com', 'bounced'], ['spam@example.com', 'complained']] as const) {
      await unsubscribeThroughCampaign(email);
      await t.db.update(emailSuppressions).set({ reason }).where(and(eq(emailSuppressions.storeId, storeId), eq(emailSuppressions.email, email)));
      await claimFree(email);
      expect(await confirmations(email)).toEqual([]);
      expect((await stateOf(email)).consent).toBe(false);
    }
  });

  it('withdrawing at one store does not touch another store’s consent', async () => {
    await unsubscribeThroughCampaign('two@example.com', otherStoreId);
    await claimFree('two@example.com');
    expect(await stateOf('two@example.com')).toEqual(subscribedState);
    expect(await confirmations('two@example.com')).toEqual([]);
    expect(await stateOf('two@example.com', otherStoreId)).toEqual(withdrawnState);
    expect((await checkoutCall(t, { storeId, productId: free, email: 'two@example.com' })).statusCode).toBe(200);
  });
});
