// Green beside another project's red test (scripts/red-tests.mjs): the embedded PostgreSQL of the
// server project's global setup is loaded in the same vitest process, as in a full run.
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing/test-database.ts';

const database = await createTestDatabase();
afterAll(() => database.drop());

it('finds no stores in a fresh database', async () => {
  const { rows } = await database.pool.query<{ count: string }>('select count(*) from stores');
  expect(Number(rows[0]?.count)).toBe(0);
});
