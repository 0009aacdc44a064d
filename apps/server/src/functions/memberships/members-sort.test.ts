import type { Member } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, join, newMembership, newTier, ok, type Shop } from './membership-fixtures.ts';

const MINUTE = 60_000;

describe('members: sorting the list and the CSV', () => {
  const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;
  let productId: string;

  /**
   * Three members whose orders differ by every key: joined bob, then zoe, then amy; bob paid a
   * year (50.00, period ends in a year), zoe a month with a setup fee (6.00, a month), amy is in a
   * 7-day trial (nothing paid, her period end is the trial's).
   */
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'sorted-club')).id };
    const product = await newMembership(t, shop);
    productId = product.id;
    const yearly = await newTier(t, shop, productId, { name: 'Yearly', monthlyPriceCents: null, yearlyPriceCents: 5000 });
    const monthly = await newTier(t, shop, productId, { name: 'Monthly', monthlyPriceCents: 500, setupFeeCents: 100 });
    const trial = await newTier(t, shop, productId, { name: 'Trial', monthlyPriceCents: 700, trialDays: 7 });
    await join(t, shop, yearly.id, clock.now(), { email: 'bob@example.com', interval: 'year' });
    clock.advance(MINUTE);
    await join(t, shop, monthly.id, clock.now(), { email: 'zoe@example.com' });
    clock.advance(MINUTE);
    await join(t, shop, trial.id, clock.now(), { email: 'amy@example.com' });
  });
  afterAll(() => t?.close());

  const emails = async (sort?: Record<string, string>) => {
    const page = await ok<{ members: Member[] }>(call(t, shop, 'listMembers', { productId, ...sort }));
    return page.members.map((member) => member.customer.email.split('@')[0]);
  };

  it('lists newest first by default, and by when they joined either way', async () => {
    expect(await emails()).toEqual(['amy', 'zoe', 'bob']);
    expect(await emails({ sort: 'since', direction: 'asc' })).toEqual(['bob', 'zoe', 'amy']);
  });

  it('sorts by email, period end (the trial’s end while trialing) and lifetime value, both ways', async () => {
    expect(await emails({ sort: 'member', direction: 'asc' })).toEqual(['amy', 'bob', 'zoe']);
    expect(await emails({ sort: 'member', direction: 'desc' })).toEqual(['zoe', 'bob', 'amy']);
    expect(await emails({ sort: 'periodEnd', direction: 'asc' })).toEqual(['amy', 'zoe', 'bob']);
    expect(await emails({ sort: 'periodEnd', direction: 'desc' })).toEqual(['bob', 'zoe', 'amy']);
    expect(await emails({ sort: 'lifetimeValue', direction: 'desc' })).toEqual(['bob', 'zoe', 'amy']);
    expect(await emails({ sort: 'lifetimeValue', direction: 'asc' })).toEqual(['amy', 'zoe', 'bob']);
  });

  it('exports the CSV in the order the table shows', async () => {
    const file = await ok<{ csv: string }>(call(t, shop, 'exportMembersCsv', { productId, sort: 'lifetimeValue', direction: 'desc' }));
    const rows = file.csv.trimEnd().split('\n').slice(1);
    expect(rows.map((row) => /(\w+)@example\.com/.exec(row)?.[1])).toEqual(['bob', 'zoe', 'amy']);
  });

  it('refuses a sort the table does not offer, and changes nothing', async () => {
    for (const sort of [{ sort: 'lastCharge' }, { sort: 'member', direction: 'up' }]) {
      const response = await call(t, shop, 'listMembers', { productId, ...sort });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    }
    expect(await emails()).toEqual(['amy', 'zoe', 'bob']);
  });
});
