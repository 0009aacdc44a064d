import { AFFILIATE_LIMITS, AFFILIATE_MESSAGES, type AffiliateInvite } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateInvites, rateLimits, stores } from '#src/db/schema/index.ts';
import { signInviteRefusalToken } from '#src/domain/affiliates/invite-refusal-token.ts';
import { seedAffiliateProgram } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const EVIL_NAME = 'Your account is locked - verify at evil.example';

/** Invitations leave from the platform's own sender: capped, never worded by the store, refusable. */
describe('inviteAffiliate: caps, wording and refusal', () => {
  // The start of a UTC day: the tests move the clock on by whole hours, and neither the store's
  // hourly window nor the creator's daily one may roll over under them, whatever time it is.
  const clock = manualClock(new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS));
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  async function storeOf(owner?: Awaited<ReturnType<typeof signedInCreator>>, name?: string): Promise<SeededStore> {
    const store = await seedStore(t, { owner: owner ?? (await signedInCreator(t, { now: clock.now() })) });
    await seedAffiliateProgram(t, store.id, { enabled: true });
    if (name) await t.db.update(stores).set({ name }).where(eq(stores.id, store.id));
    return store;
  }
  const invite = (store: SeededStore, email: string) => callFunction(t.app, 'inviteAffiliate', { storeId: store.id, email }, { as: store.owner });
  const inviteMany = async (store: SeededStore, count: number, prefix: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await invite(store, `${prefix}-${i}@example.com`)).statusCode);
    return statuses;
  };

  it(`a store sends ${AFFILIATE_LIMITS.invitesPerStorePerHour} invitations an hour; the next is refused with 429 and sends nothing`, async () => {
    const store = await storeOf();
    expect(await inviteMany(store, AFFILIATE_LIMITS.invitesPerStorePerHour, 'hour')).toEqual(Array(AFFILIATE_LIMITS.invitesPerStorePerHour).fill(200));
    const refused = await invite(store, 'one-too-many@example.com');
    expect(seen(refused)).toMatchObject({ status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED', message: AFFILIATE_MESSAGES.tooManyInvites } } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await queuedEmails(t, 'one-too-many@example.com')).toEqual([]);
    expect(await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.email, 'one-too-many@example.com'))).toEqual([]);
    // A refusal is not counted: an hour later the store sends again.
    clock.advance(HOUR_MS);
    expect((await invite(store, 'one-too-many@example.com')).statusCode).toBe(200);
  });

  it(`a creator sends ${AFFILIATE_LIMITS.invitesPerCreatorPerDay} a day across their stores, then 429 from any of them`, async () => {
    const owner = await signedInCreator(t, { planId: 'creator', now: clock.now() });
    const [first, second, third] = [await storeOf(owner), await storeOf(owner), await storeOf(owner)];
    // Today's count starts where 48 earlier invitations would leave it (fifty one by one took most of
    // the test's budget on a busy machine); the last two are real, from two stores, and the third
    // store, with nothing sent this hour, meets the creator's daily cap.
    const dayStart = new Date(Math.floor(clock.now().getTime() / DAY_MS) * DAY_MS);
    await t.db.insert(rateLimits).values({ key: `affiliate-invite:creator:${owner.userId}`, windowStart: dayStart, count: AFFILIATE_LIMITS.invitesPerCreatorPerDay - 2 });
    expect((await invite(first!, 'day-a@example.com')).statusCode).toBe(200);
    expect((await invite(second!, 'day-b@example.com')).statusCode).toBe(200);
    expect(seen(await invite(third!, 'day-over@example.com'))).toMatchObject({ status: 429, body: { error: { message: AFFILIATE_MESSAGES.tooManyInvites } } });
    clock.advance(HOUR_MS);
    expect((await invite(first!, 'day-over@example.com')).statusCode).toBe(429);
    // Another creator is not held back by this one.
    expect((await invite(await storeOf(), 'day-over@example.com')).statusCode).toBe(200);
  });

  it('a repeated address is refused without using the cap', async () => {
    const store = await storeOf();
    expect((await invite(store, 'twice@example.com')).statusCode).toBe(200);
    for (let i = 0; i < AFFILIATE_LIMITS.invitesPerStorePerHour; i += 1) expect((await invite(store, 'twice@example.com')).statusCode).toBe(409);
    expect(await inviteMany(store, AFFILIATE_LIMITS.invitesPerStorePerHour - 1, 'after-twice')).not.toContain(429);
  });

  it('keeps the store’s name out of the subject and the inbox preview, and quotes it in the body', async () => {
    const store = await storeOf(undefined, EVIL_NAME);
    expect((await invite(store, 'target@example.com')).statusCode).toBe(200);
    const [email] = await queuedEmails(t, 'target@example.com');
    expect(email!.subject).toBe('You are invited to join a store’s affiliate program');
    expect(email!.html).not.toMatch(/display:none[^>]*>[^<]*evil\.example/);
    expect(email!.text).toContain(`The store “${EVIL_NAME}” invites you`);
  });

  it('the recipient refuses further invitations from the store; the creator is told why a new one is refused', async () => {
    const store = await storeOf();
    const other = await storeOf();
    const created = (await invite(store, 'no-thanks@example.com')).json().result.invite as AffiliateInvite;
    const [email] = await queuedEmails(t, 'no-thanks@example.com');
    const link = /\/e\/stop-invites\/\S+/.exec(email!.text)?.[0];
    expect(link).toBeDefined();
    const message = (await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.id, created.id)))[0];
    expect(message?.declinedAt).toBeNull();

    const page = await t.app.inject({ method: 'GET', url: link! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<form method="post"[^>]*><button type="submit">Stop invitations<\/button>/);
    expect((await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.id, created.id)))[0]?.declinedAt).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const stopped = await t.app.inject({ method: 'POST', url: link!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect([stopped.statusCode, stopped.body.includes('cannot invite no-thanks@example.com')]).toEqual([200, true]);
    }
    expect((await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.id, created.id)))[0]?.declinedAt).toEqual(clock.now());

    expect(seen(await invite(store, 'no-thanks@example.com'))).toMatchObject({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.inviteDeclined } } });
    expect(await queuedEmails(t, 'no-thanks@example.com')).toHaveLength(1);
    const listed = (await callFunction(t.app, 'listAffiliates', { storeId: store.id }, { as: store.owner })).json().result.invites as AffiliateInvite[];
    expect(listed.find((row) => row.id === created.id)?.declinedAt).toBe(clock.now().toISOString());
    // The refusal is the store's only: another store may still invite the address.
    expect((await invite(other, 'no-thanks@example.com')).statusCode).toBe(200);
  });

  it('the email carries one-click List-Unsubscribe headers; a tampered or other store’s link answers 404 and changes nothing', async () => {
    const store = await storeOf();
    const other = await storeOf();
    const created = (await invite(store, 'headers@example.com')).json().result.invite as AffiliateInvite;
    const [job] = await queuedEmails(t, 'headers@example.com');
    const headers = (job as unknown as { headers?: Record<string, string> }).headers;
    expect(headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers?.['List-Unsubscribe']).toMatch(/^<https?:\/\/\S+\/e\/stop-invites\/\S+>$/);

    const foreign = `/e/stop-invites/${signInviteRefusalToken(t.env, { storeId: other.id, inviteId: created.id })}`;
    const good = `/e/stop-invites/${signInviteRefusalToken(t.env, { storeId: store.id, inviteId: created.id })}`;
    const flipped = good.at(-5) === 'x' ? 'y' : 'x';
    for (const url of [foreign, `${good.slice(0, -5)}${flipped}${good.slice(-4)}`, '/e/stop-invites/nonsense']) {
      for (const method of ['GET', 'POST'] as const) expect((await t.app.inject({ method, url })).statusCode).toBe(404);
    }
    expect((await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.id, created.id)))[0]?.declinedAt).toBeNull();
  });
});
