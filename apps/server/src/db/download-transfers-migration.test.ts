import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/**
 * Migration 0025: downloads completed before the limit counted bytes each count as the whole file
 * served, so an order at its limit stays at it. Its last statement is run here on such rows.
 */
const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '0025_download_transfers_invite_declines.sql'), 'utf8');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

describe('0025 download transfers', () => {
  it('turns each completed download into a whole file served, an empty file into 1', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'old-downloads' });
    await t.pool.query(
      `insert into products (id, store_id, slug, type, title, cta_label, price_mode, price_cents, currency, status)
       values ('prd_old', $1, 'old', 'digital', 'Old', 'Buy', 'fixed', 500, 'USD', 'published')`,
      [storeId],
    );
    await t.pool.query(
      `insert into product_files (id, product_id, store_id, name, size_bytes, content_type, storage_key, sha256)
       values ('file_big', 'prd_old', $1, 'a.bin', 4096, 'application/zip', 'k1', $2), ('file_empty', 'prd_old', $1, 'b.bin', 0, 'application/zip', 'k2', $2)`,
      [storeId, '0'.repeat(64)],
    );
    await t.pool.query(`insert into customers (id, store_id, email, name) values ('cus_old', $1, 'old@example.com', 'Old')`, [storeId]);
    await t.pool.query(
      `insert into checkouts (id, store_id, product_id, idempotency_key, email, name, amount_cents, currency, provider, expires_at)
       values ('chk_old', $1, 'prd_old', 'k', 'old@example.com', 'Old', 500, 'USD', 'test', now())`,
      [storeId],
    );
    await t.pool.query(
      `insert into orders (id, store_id, checkout_id, customer_id, product_id, product_title, status, provider, amount_cents, currency)
       values ('ord_old', $1, 'chk_old', 'cus_old', 'prd_old', 'Old', 'paid', 'test', 500, 'USD')`,
      [storeId],
    );
    await t.pool.query(
      `insert into download_events (id, order_id, file_id, store_id, created_at)
       values ('dl_1', 'ord_old', 'file_big', $1, '2030-01-01T00:00:00Z'), ('dl_2', 'ord_old', 'file_big', $1, '2030-01-02T00:00:00Z'), ('dl_3', 'ord_old', 'file_empty', $1, '2030-01-03T00:00:00Z')`,
      [storeId],
    );
    const backfill = MIGRATION.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "download_transfers"');
    await t.pool.query(backfill);

    const rows = await t.pool.query(`select file_id, reserved_bytes::int, served_bytes::int, ended_at from download_transfers order by started_at`);
    expect(rows.rows).toEqual([
      { file_id: 'file_big', reserved_bytes: 4096, served_bytes: 4096, ended_at: new Date('2030-01-01T00:00:00Z') },
      { file_id: 'file_big', reserved_bytes: 4096, served_bytes: 4096, ended_at: new Date('2030-01-02T00:00:00Z') },
      { file_id: 'file_empty', reserved_bytes: 1, served_bytes: 1, ended_at: new Date('2030-01-03T00:00:00Z') },
    ]);
  });
});
