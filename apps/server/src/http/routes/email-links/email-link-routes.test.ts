import type { EmailBlock } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailCampaignRecipients, emailSuppressions } from '#src/db/schema/index.ts';
import { signEmailLinkToken, verifyEmailLinkToken } from '#src/domain/email/links/email-link-token.ts';
import { RESUBSCRIBE_WINDOW_MS } from '#src/domain/email/links/resubscribe-by-link.ts';
import { startCampaignSend } from '#src/domain/email/sending/start-campaign-send.ts';
import { insertContacts, scheduleTestCampaign, seedSendingStore } from '#src/testing/email-campaigns.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

let t: TestApp;
let storeA: string;
let storeB: string;
let recipientA: { id: string; email: string };
let recipientB: { id: string; email: string };

/** A store with one fanned-out recipient (the button block links to mugs.example.com). */
async function storeWithRecipient(slug: string, email: string, body?: EmailBlock[]) {
  const { storeId } = await seedSendingStore(t.db, slug, { name: `${slug} shop`, tracking: true });
  await insertContacts(t.db, storeId, [{ email }]);
  const { campaignId, runAt } = await scheduleTestCampaign(t.db, { storeId, ...(body ? { body } : {}) });
  await t.db.transaction((tx) => startCampaignSend(tx, { campaignId, storeId, runAt: runAt.toISOString() }, { messageIdDomain: 'shopfront.test', now: new Date() }));
  const [row] = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
  return { storeId, campaignId, recipient: { id: row!.id, email } };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ storeId: storeA, recipient: recipientA } = await storeWithRecipient('links-a', 'ann@example.com'));
  ({ storeId: storeB, recipient: recipientB } = await storeWithRecipient('links-b', 'bob@example.com'));
});
afterAll(async () => {
  await t?.close();
});

const token = (kind: 'u' | 'c' | 'o', storeId: string, recipientId: string, linkIndex?: number) =>
  signEmailLinkToken(t.env, { kind, storeId, recipientId, ...(linkIndex === undefined ? {} : { linkIndex }) });

async function stateOf(storeId: string, email: string) {
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, email));
  const suppressed = await t.db.select().from(emailSuppressions).where(eq(emailSuppressions.storeId, storeId));
  const [row] = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.email, email));
  return {
    consent: customer?.marketingConsent,
    withdrawnAt: customer?.marketingWithdrawnAt ?? null,
    suppressed: suppressed.filter((s) => s.email === email).map((s) => s.reason),
    unsubscribedAt: row?.unsubscribedAt ?? null,
    clickedAt: row?.clickedAt ?? null,
    openedAt: row?.openedAt ?? null,
  };
}

describe('link tokens', () => {
  it('verify only for their own kind, store and recipient', () => {
    const unsubscribe = token('u', storeA, recipientA.id);
    expect(verifyEmailLinkToken(t.env, 'u', unsubscribe)).toEqual({ kind: 'u', storeId: storeA, recipientId: recipientA.id });
    expect(verifyEmailLinkToken(t.env, 'o', unsubscribe)).toBeNull();
    expect(verifyEmailLinkToken(t.env, 'u', unsubscribe.replace(storeA, storeB))).toBeNull();
    expect(verifyEmailLinkToken(t.env, 'u', `${unsubscribe.slice(0, -2)}AA`)).toBeNull();
    expect(verifyEmailLinkToken(t.env, 'u', '')).toBeNull();
  });
});

describe('GET and POST /e/u/:token (unsubscribe)', () => {
  it('a foreign store token does nothing: store A\'s recipient named under store B is refused like a bad link', async () => {
    // Validly signed, but for (store B, recipient of A): the row is not store B's.
    const foreign = token('u', storeB, recipientA.id);
    for (const method of ['GET', 'POST'] as const) {
      const reply = await t.app.inject({ method, url: `/e/u/${foreign}` });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toContain('This unsubscribe link is not valid');
    }
    expect(await stateOf(storeA, recipientA.email)).toMatchObject({ consent: true, suppressed: [], unsubscribedAt: null });
  });

  it('GET shows the store name and one Unsubscribe button, and changes nothing', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/e/u/${token('u', storeA, recipientA.id)}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['content-security-policy']).toContain("default-src 'none'");
    expect(reply.body).toContain('links-a shop');
    expect(reply.body.match(/<button/g)).toHaveLength(1);
    expect(reply.body).toContain('>Unsubscribe</button>');
    expect(reply.body).toContain('name="viewport"');
    expect(await stateOf(storeA, recipientA.email)).toMatchObject({ consent: true, suppressed: [], unsubscribedAt: null });
  });

  it('POST (RFC 8058 one-click) unsubscribes; a second POST answers 200 and changes nothing more', async () => {
    const url = `/e/u/${token('u', storeA, recipientA.id)}`;
    const first = await t.app.inject({
      method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('You are unsubscribed');
    const after = await stateOf(storeA, recipientA.email);
    expect(after).toMatchObject({ consent: false, suppressed: ['unsubscribed'] });
    expect(after.withdrawnAt).toBeInstanceOf(Date);
    expect(after.unsubscribedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(await stateOf(storeA, recipientA.email)).toEqual(after);
    // Store B's recipient is untouched.
    expect(await stateOf(storeB, recipientB.email)).toMatchObject({ consent: true, suppressed: [], unsubscribedAt: null });
    // The page now says so instead of asking again.
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('You are unsubscribed');
  });

  it('a tampered token answers 404', async () => {
    const reply = await t.app.inject({ method: 'POST', url: `/e/u/${token('u', storeB, recipientB.id).slice(0, -3)}xyz` });
    expect(reply.statusCode).toBe(404);
    expect(await stateOf(storeB, recipientB.email)).toMatchObject({ consent: true, suppressed: [] });
  });
});

describe('POST /e/u/:token/resubscribe', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('the unsubscribed page offers Resubscribe and a link back to the store; resubscribing undoes the unsubscribe, and the link unsubscribes again', async () => {
    const { storeId, recipient } = await storeWithRecipient('links-r', 'rae@example.com');
    const url = `/e/u/${token('u', storeId, recipient.id)}`;
    const asked = await t.app.inject({ method: 'GET', url });
    expect(asked.body).toContain(`<a class="back" href="${TEST_PUBLIC_URL}/links-r">Back to links-r shop</a>`);
    expect(asked.body).not.toContain('Resubscribe');

    const done = await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toContain(`<form method="post" action="${url}/resubscribe"><button type="submit">Resubscribe</button></form>`);
    expect(done.body).toContain('Back to links-r shop');

    const back = await t.app.inject({ method: 'POST', url: `${url}/resubscribe`, headers: form, payload: '' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('You are subscribed again');
    expect(await stateOf(storeId, recipient.email)).toMatchObject({ consent: true, withdrawnAt: null, suppressed: [], unsubscribedAt: null });
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('>Unsubscribe</button>');

    await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(await stateOf(storeId, recipient.email)).toMatchObject({ consent: false, suppressed: ['unsubscribed'] });
    expect((await stateOf(storeId, recipient.email)).unsubscribedAt).toBeInstanceOf(Date);
  });

  it('offers to undo it for a day only; later the page points to the members area and the link changes nothing', async () => {
    const { storeId, recipient } = await storeWithRecipient('links-t', 'tia@example.com');
    const url = `/e/u/${token('u', storeId, recipient.id)}`;
    await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    const unsubscribedAgo = (ms: number) =>
      t.db.update(emailCampaignRecipients).set({ unsubscribedAt: new Date(Date.now() - ms) }).where(eq(emailCampaignRecipients.id, recipient.id));

    await unsubscribedAgo(RESUBSCRIBE_WINDOW_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('>Resubscribe</button>');

    await unsubscribedAgo(RESUBSCRIBE_WINDOW_MS + 60_000);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).not.toContain('Resubscribe');
    expect(page.body).toContain(`<a href="${TEST_PUBLIC_URL}/links-t/members">your members area</a>`);
    const late = await t.app.inject({ method: 'POST', url: `${url}/resubscribe`, headers: form, payload: '' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('You are unsubscribed');
    expect(await stateOf(storeId, recipient.email)).toMatchObject({ consent: false, suppressed: ['unsubscribed'] });
  });

  it('never lifts a bounce, and a foreign or tampered token changes nothing', async () => {
    const { storeId, recipient } = await storeWithRecipient('links-s', 'sal@example.com');
    const url = `/e/u/${token('u', storeId, recipient.id)}`;
    await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    await t.db.update(emailSuppressions).set({ reason: 'bounced' }).where(eq(emailSuppressions.email, recipient.email));
    const before = await stateOf(storeId, recipient.email);

    for (const bad of [token('u', storeB, recipient.id), `${token('u', storeId, recipient.id).slice(0, -3)}xyz`]) {
      const reply = await t.app.inject({ method: 'POST', url: `/e/u/${bad}/resubscribe`, headers: form, payload: '' });
      expect(reply.statusCode).toBe(404);
    }
    expect(await stateOf(storeId, recipient.email)).toEqual(before);

    await t.app.inject({ method: 'POST', url: `${url}/resubscribe`, headers: form, payload: '' });
    expect(await stateOf(storeId, recipient.email)).toMatchObject({ consent: true, suppressed: ['bounced'] });
  });
});

describe('GET /e/c/:token (click) and /e/o/:token.gif (open)', () => {
  it('redirects to the stored link of that index whatever the URL says, and records the click', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/e/c/${token('c', storeB, recipientB.id, 0)}?url=https://evil.example/` });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('https://mugs.example.com/spring');
    expect((await stateOf(storeB, recipientB.email)).clickedAt).toBeInstanceOf(Date);
  });

  it("tags a link to the store's own page with the campaign's UTM values, so analytics credits the campaign", async () => {
    const body: EmailBlock[] = [
      { id: 'b1', type: 'button', label: 'See the mugs', href: `${TEST_PUBLIC_URL}/links-c/p/mug?colour=blue` },
      { id: 'b2', type: 'button', label: 'Elsewhere', href: 'https://mugs.example.com/spring' },
    ];
    const { storeId, campaignId, recipient } = await storeWithRecipient('links-c', 'cy@example.com', body);
    const store = await t.app.inject({ method: 'GET', url: `/e/c/${token('c', storeId, recipient.id, 0)}` });
    expect([store.statusCode, store.headers.location]).toEqual([302, `${TEST_PUBLIC_URL}/links-c/p/mug?colour=blue&utm_source=shopfront&utm_medium=email&utm_campaign=${campaignId}`]);
    const elsewhere = await t.app.inject({ method: 'GET', url: `/e/c/${token('c', storeId, recipient.id, 1)}` });
    expect(elsewhere.headers.location).toBe('https://mugs.example.com/spring');
  });

  it('is no open redirect: a tampered index, a foreign store or a link index the campaign lacks answer 404', async () => {
    const valid = token('c', storeB, recipientB.id, 0);
    const tampered = valid.replace(`.${recipientB.id}.0.`, `.${recipientB.id}.1.`);
    for (const bad of [tampered, token('c', storeA, recipientB.id, 0), token('c', storeB, recipientB.id, 7)]) {
      const reply = await t.app.inject({ method: 'GET', url: `/e/c/${bad}` });
      expect(reply.statusCode).toBe(404);
      expect(reply.headers.location).toBeUndefined();
    }
  });

  it('answers the pixel and records the open; a bad token is 404', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/e/o/${token('o', storeB, recipientB.id)}.gif` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/gif');
    expect((await stateOf(storeB, recipientB.email)).openedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ method: 'GET', url: `/e/o/${token('o', storeA, recipientB.id)}.gif` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/e/o/${token('o', storeB, recipientB.id)}` })).statusCode).toBe(404);
  });
});
