import { MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { customers, emailSuppressions, rateLimits } from '#src/db/schema/index.ts';
import { SUBSCRIBE_LIMITS } from '#src/domain/website/subscribe-to-store-email.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { missingId, websiteFixture, type WebsiteFixture } from './website-fixtures.ts';

describe('subscribeToStoreEmail (the email signup block)', () => {
  let f: WebsiteFixture;
  let address = 0;
  // The limit counts in one-minute windows: start at the beginning of one.
  const clock = manualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000));
  const subscribe = (data: Record<string, unknown>, remoteAddress = `10.1.0.${++address}`) =>
    callFunction(f.t.app, 'subscribeToStoreEmail', { storeId: f.store.id, consent: true, ...data }, { remoteAddress });
  const customerOf = async (email: string) =>
    (await f.t.db.select().from(customers).where(and(eq(customers.storeId, f.store.id), eq(customers.email, email))))[0];
  const insertCustomer = (email: string, extra: Partial<typeof customers.$inferInsert> = {}) =>
    f.t.db.insert(customers).values({ id: newId('cus'), storeId: f.store.id, email, name: 'Old Name', ...extra });

  beforeAll(async () => {
    f = await websiteFixture('site-signup', { now: clock.now });
  });
  afterAll(() => f?.t.close());

  it('adds a new address with consent, canonicalised, from anyone', async () => {
    const reply = await subscribe({ email: ' New.Fan@Example.com ', name: 'Nia Fan' });
    expect(seen(reply)).toEqual({ status: 200, body: { result: { subscribed: true } } });
    expect(await customerOf('new.fan@example.com')).toMatchObject({ name: 'Nia Fan', marketingConsent: true, marketingWithdrawnAt: null });
  });

  it('gives an existing customer consent and keeps their name', async () => {
    await insertCustomer('buyer@example.com');
    await subscribe({ email: 'buyer@example.com', name: 'Someone Else' });
    expect(await customerOf('buyer@example.com')).toMatchObject({ name: 'Old Name', marketingConsent: true });
  });

  it('never turns consent back on for an address that withdrew it, and answers the same', async () => {
    const withdrawnAt = new Date('2026-01-02T03:04:05Z');
    await insertCustomer('gone@example.com', { marketingConsent: false, marketingWithdrawnAt: withdrawnAt });
    const fresh = await subscribe({ email: 'fresh@example.com' });
    const withdrawn = await subscribe({ email: 'gone@example.com' });
    expect(seen(withdrawn)).toEqual(seen(fresh));
    expect(await customerOf('gone@example.com')).toMatchObject({ marketingConsent: false, marketingWithdrawnAt: withdrawnAt });
  });

  it.each(['unsubscribed', 'bounced', 'complained'] as const)('leaves a %s address alone, and answers the same', async (reason) => {
    const email = `${reason}@example.com`;
    await f.t.db.insert(emailSuppressions).values({ storeId: f.store.id, email, reason });
    expect(seen(await subscribe({ email }))).toEqual({ status: 200, body: { result: { subscribed: true } } });
    expect(await customerOf(email)).toBeUndefined();
    const [suppression] = await f.t.db.select().from(emailSuppressions).where(and(eq(emailSuppressions.storeId, f.store.id), eq(emailSuppressions.email, email)));
    expect(suppression?.reason).toBe(reason);
  });

  it('refuses without consent, a bad address, or an unknown store', async () => {
    expect((await subscribe({ email: 'a@example.com', consent: false })).statusCode).toBe(400);
    expect(errorOf(await subscribe({ email: 'not-an-email' })).message).toBe(MESSAGES.validation.invalidEmail);
    expect(errorOf(await subscribe({ email: 'a@example.com', storeId: missingId('store') }))).toMatchObject({ status: 'NOT_FOUND', message: MESSAGES.stores.notFound });
  });

  it("keeps the browser's time zone, and a later signup from the same address updates it", async () => {
    await subscribe({ email: 'tokyo@example.com', timeZone: 'Asia/Tokyo' });
    expect(await customerOf('tokyo@example.com')).toMatchObject({ timeZone: 'Asia/Tokyo' });
    await subscribe({ email: 'tokyo@example.com', timeZone: 'America/New_York' });
    expect(await customerOf('tokyo@example.com')).toMatchObject({ timeZone: 'America/New_York' });
    // A signup that sends no zone keeps the known one.
    await subscribe({ email: 'tokyo@example.com' });
    expect(await customerOf('tokyo@example.com')).toMatchObject({ timeZone: 'America/New_York' });
  });

  it.each(['Mars/Olympus_Mons', 'x'.repeat(80), 42])('ignores a bad time zone (%s): the signup still succeeds', async (timeZone) => {
    const email = `bad-zone-${String(timeZone).length}@example.com`;
    expect(seen(await subscribe({ email, timeZone }))).toEqual({ status: 200, body: { result: { subscribed: true } } });
    expect(await customerOf(email)).toMatchObject({ marketingConsent: true, timeZone: null });
  });

  it('a bad zone from a later signup leaves the known one', async () => {
    await subscribe({ email: 'kept-zone@example.com', timeZone: 'Europe/Lisbon' });
    await subscribe({ email: 'kept-zone@example.com', timeZone: 'Not/A_Zone' });
    expect(await customerOf('kept-zone@example.com')).toMatchObject({ timeZone: 'Europe/Lisbon' });
  });

  it('never changes the zone of an address that withdrew consent', async () => {
    await insertCustomer('withdrawn-zone@example.com', { marketingWithdrawnAt: new Date('2026-01-02T03:04:05Z'), timeZone: 'Europe/Oslo' });
    await subscribe({ email: 'withdrawn-zone@example.com', timeZone: 'Asia/Tokyo' });
    expect(await customerOf('withdrawn-zone@example.com')).toMatchObject({ timeZone: 'Europe/Oslo' });
  });

  it(`takes ${SUBSCRIBE_LIMITS.perIpPerMinute} signups a minute from one address, not one more`, async () => {
    const ip = '10.9.9.9';
    for (let n = 0; n < SUBSCRIBE_LIMITS.perIpPerMinute; n += 1) expect((await subscribe({ email: `burst${n}@example.com` }, ip)).statusCode).toBe(200);
    const refused = await subscribe({ email: 'burst-last@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(MESSAGES.verification.tooManyRequests);
    expect(await customerOf('burst-last@example.com')).toBeUndefined();
    clock.advance(60_000);
    expect((await subscribe({ email: 'burst-last@example.com' }, ip)).statusCode).toBe(200);
  });

  it(`takes ${SUBSCRIBE_LIMITS.perStorePerMinute} signups a minute for one store from many addresses, not one more`, async () => {
    const minuteStart = new Date((Math.floor(clock.now().getTime() / 60_000) + 1) * 60_000);
    clock.set(minuteStart);
    // The store's count for this minute starts where 590 earlier signups would leave it (600 one by
    // one outlast the test's budget on a busy machine); the last ten are real signups from ten
    // addresses, each counted against the store.
    const lastFew = 10;
    await f.t.db.insert(rateLimits).values({ key: `subscribe:store:${f.store.id}`, windowStart: minuteStart, count: SUBSCRIBE_LIMITS.perStorePerMinute - lastFew });
    for (let n = 0; n < lastFew; n += 1) expect((await subscribe({ email: `crowd${n}@example.com` }, `10.2.0.${n}`)).statusCode).toBe(200);
    expect((await subscribe({ email: 'crowd-last@example.com' }, '10.3.0.1')).statusCode).toBe(429);
    const other = await callFunction(f.t.app, 'subscribeToStoreEmail', { storeId: f.malloryStore.id, email: 'crowd-last@example.com', consent: true }, { remoteAddress: '10.3.0.2' });
    expect(other.statusCode).toBe(200);
  });
});
