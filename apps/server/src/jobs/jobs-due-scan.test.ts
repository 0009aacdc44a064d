import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { dueJobsQuery } from './job-store.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The rows the claim's scan read and threw away, from EXPLAIN ANALYZE (index scans forced, as on a big table). */
async function rowsReadAndDropped(query: ReturnType<typeof dueJobsQuery>): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain (analyze, format json) ${query}`);
    const plan = JSON.stringify((result.rows[0] as Record<string, unknown>)['QUERY PLAN']);
    return [...plan.matchAll(/"Rows Removed by Filter":\s*(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  });
}

/**
 * A platform's queue holds a job for every scheduled thing (each member's next renewal, a month
 * ahead); every runner claims several times a second. A claim reads the jobs that are due, not
 * every job scheduled for later.
 */
it('claiming reads no job that is only due later', async () => {
  const now = new Date('2030-06-01T12:00:00.000Z');
  await database.db.execute(sql`
    insert into jobs (id, kind, payload, run_at, status)
    select 'job_later' || n, 'renew-test-membership', '{}'::jsonb, ${now.toISOString()}::timestamptz + interval '30 days', 'pending'
    from generate_series(1, 500) n`);
  await database.db.execute(sql`insert into jobs (id, kind, payload, run_at, status) values ('job_due', 'send-email', '{}'::jsonb, ${now.toISOString()}::timestamptz, 'pending')`);
  await database.db.execute(sql`analyze jobs`);

  expect(await rowsReadAndDropped(dueJobsQuery({ now, limit: 4 }))).toBe(0);
  // A runner of some kinds reads the due job of another kind, and nothing else.
  expect(await rowsReadAndDropped(dueJobsQuery({ now, limit: 4, kinds: { except: ['send-email'] } }))).toBe(1);
  expect(await rowsReadAndDropped(dueJobsQuery({ now, limit: 4, kinds: { only: ['renew-test-membership'] } }))).toBe(1);
});
