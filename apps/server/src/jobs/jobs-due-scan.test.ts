import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { dueJobsQuery, type ClaimKinds } from './job-store.ts';

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
 * The same, as a runner runs it: a named statement (`jobClaimer`), whose plan PostgreSQL may keep
 * generic after a few executions, the time a parameter and not a constant.
 */
async function rowsReadAndDroppedGeneric(now: Date, kinds?: ClaimKinds): Promise<number> {
  const query = new PgDialect().sqlToQuery(dueJobsQuery({ now: sql.placeholder('now'), limit: sql.placeholder('limit'), kinds }));
  const values = fillPlaceholders(query.params, { now: now.toISOString(), limit: 4 }).map((value) => `'${String(value).replaceAll("'", "''")}'`);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare due_generic as ${query.sql}`));
    try {
      const result = await tx.execute(sql.raw(`explain (analyze, format json) execute due_generic(${values.join(', ')})`));
      const plan = JSON.stringify((result.rows[0] as Record<string, unknown>)['QUERY PLAN']);
      expect(plan).toContain('jobs_due_idx');
      return [...plan.matchAll(/"Rows Removed by Filter":\s*(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    } finally {
      await tx.execute(sql`deallocate due_generic`);
    }
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

  // So does the generic plan of the named statement a runner polls with.
  expect(await rowsReadAndDroppedGeneric(now)).toBe(0);
  expect(await rowsReadAndDroppedGeneric(now, { except: ['send-email'] })).toBe(1);
  expect(await rowsReadAndDroppedGeneric(now, { only: ['renew-test-membership'] })).toBe(1);
});
