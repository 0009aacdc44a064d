import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/**
 * Migration 0022: prices in currencies Stripe charges in hundredths, stored in whole units by
 * earlier releases, keep what the creator typed. Run here on rows written the old way.
 */
const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '0022_two_decimal_currencies.sql'), 'utf8');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

describe('0022 two-decimal currencies', () => {
  it('moves IDR prices and fixed discounts to hundredths and leaves USD and percent discounts alone', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'rupiah-prints' });
    await t.pool.query(
      `insert into products (id, store_id, slug, type, title, cta_label, price_mode, price_cents, min_price_cents, compare_at_cents, currency, status)
       values ('p_idr', $1, 'idr', 'digital', 'IDR', 'Buy', 'fixed', 50000, 0, 75000, 'IDR', 'published'),
              ('p_usd', $1, 'usd', 'digital', 'USD', 'Buy', 'fixed', 1200, 0, null, 'USD', 'published'),
              ('p_big', $1, 'big', 'digital', 'LBP', 'Buy', 'fixed', 2000000000, 0, null, 'LBP', 'published')`,
      [storeId],
    );
    await t.pool.query(
      `insert into discount_codes (id, store_id, code, kind, value, currency, min_price_cents)
       values ('d_amount', $1, 'RP5000', 'amount', 5000, 'IDR', 10000),
              ('d_percent', $1, 'HALF', 'percent', 50, 'IDR', 0),
              ('d_usd', $1, 'FIVE', 'amount', 500, 'USD', 0)`,
      [storeId],
    );
    for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.pool.query(statement);

    const products = await t.pool.query(`select id, price_cents, compare_at_cents from products order by id`);
    expect(products.rows).toEqual([
      { id: 'p_big', price_cents: 2147483647, compare_at_cents: null },
      { id: 'p_idr', price_cents: 5000000, compare_at_cents: 7500000 },
      { id: 'p_usd', price_cents: 1200, compare_at_cents: null },
    ]);
    const discounts = await t.pool.query(`select id, value, min_price_cents from discount_codes order by id`);
    expect(discounts.rows).toEqual([
      { id: 'd_amount', value: 500000, min_price_cents: 1000000 },
      { id: 'd_percent', value: 50, min_price_cents: 0 },
      { id: 'd_usd', value: 500, min_price_cents: 0 },
    ]);
  });
});
