import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { customers } from '#src/db/schema/index.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { customerSearchConditions, searchCustomers } from './search-customers.ts';

const BULK = 3_000;
let database: TestDatabase;
let storeId: string;
let otherStoreId: string;

/** Oldest first: each later row is a minute newer. */
const PEOPLE = [
  ['Olivia Park', 'park@example.com'],
  ['Zed', 'oliver@example.com'],
  ['Noliver Stone', 'stone@example.com'],
  ['OLIVE Green', 'green@example.com'],
  ['Bea', 'bea.olivares@example.com'],
  ['Oliver Oliphant', 'oliver.o@example.com'],
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  storeId = (await seedStorefront(database.db, { slug: 'search-scale' })).storeId;
  otherStoreId = (await seedStorefront(database.db, { slug: 'search-other' })).storeId;
  // Enough customers that the planner prefers an index to reading the store's rows.
  await database.db.execute(sql`
    insert into ${customers} (id, store_id, name, email, created_at)
    select 'cus_bulk' || n, ${storeId}, 'Customer ' || n, 'c' || n || '@example.com', timestamptz '2030-01-01' + n * interval '1 second'
    from generate_series(1, ${BULK}) as n`);
  const start = Date.parse('2030-02-01T00:00:00Z');
  await database.db.insert(customers).values(
    PEOPLE.map(([name, email], i) => ({ id: newId('cus'), storeId, name, email, createdAt: new Date(start + i * 60_000) })),
  );
  await database.db.insert(customers).values({ id: newId('cus'), storeId: otherStoreId, name: 'Olivia Elsewhere', email: 'olivia@elsewhere.example' });
  await database.db.execute(sql`analyze ${customers}`);
});
afterAll(() => database?.drop());

const names = async (query: string, limit?: number) => (await searchCustomers(database.db, { storeId, query, limit })).customers.map((c) => c.name);

describe('searchCustomers at scale', () => {
  it('answers name or email prefixes first, then the rest that contain the query, newest first within each, each customer once', async () => {
    expect(await names('oli')).toEqual(['Oliver Oliphant', 'OLIVE Green', 'Zed', 'Olivia Park', 'Bea', 'Noliver Stone']);
    expect(await names('OLIVER')).toEqual(['Oliver Oliphant', 'Zed', 'Noliver Stone']);
  });

  it('a page filled by prefix matches reads no contains-only match; one more row starts on them', async () => {
    expect(await names('oli', 4)).toEqual(['Oliver Oliphant', 'OLIVE Green', 'Zed', 'Olivia Park']);
    expect(await names('oli', 5)).toEqual(['Oliver Oliphant', 'OLIVE Green', 'Zed', 'Olivia Park', 'Bea']);
    expect(await names('oli', 1)).toEqual(['Oliver Oliphant']);
  });

  it('never answers another store’s customers, and nothing when nobody matches', async () => {
    expect(await names('elsewhere')).toEqual([]);
    expect(await names('qqq')).toEqual([]);
  });

  /** The plan PostgreSQL picks for this store's customers matching `condition`, with sequential scans ruled out. */
  async function planOf(condition: SQL): Promise<string> {
    const query = database.db.select({ id: customers.id }).from(customers).where(and(eq(customers.storeId, storeId), condition)).toSQL();
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const result = await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query.sql}`, query.params);
      await client.query('rollback');
      return JSON.stringify(result.rows[0]!['QUERY PLAN']);
    } finally {
      client.release();
    }
  }

  it('reads a name or email prefix by the prefix indexes, not by every customer of the store', async () => {
    const prefixPlan = await planOf(customerSearchConditions('oli').startsWith);
    expect(prefixPlan).toContain('customers_store_name_prefix_idx');
    expect(prefixPlan).toContain('customers_store_email_prefix_idx');
    expect(prefixPlan).not.toContain('customers_store_created_idx');
  });
});
