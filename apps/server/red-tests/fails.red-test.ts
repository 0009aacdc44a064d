// Red on purpose: scripts/red-tests.mjs proves the server project's runner, with the embedded
// PostgreSQL of its global setup loaded, exits non-zero on it.
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing/test-database.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

it('is red on purpose: a fresh database has no stores, not one', async () => {
  const { rows } = await database.pool.query<{ count: string }>('select count(*) from stores');
  expect(Number(rows[0]?.count)).toBe(1);
});
