import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { stepSiblingsQuery } from './step-batch-jobs.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Rows the plan's scans handed up and the plan's sorts, from EXPLAIN ANALYZE as the planner chose it. */
async function planOf(query: ReturnType<typeof stepSiblingsQuery>) {
  const result = await database.db.execute(sql`explain (analyze, format json) ${query}`);
  const plan = JSON.stringify((result.rows[0] as Record<string, unknown>)['QUERY PLAN']);
  const scanned = [...plan.matchAll(/"Node Type":\s*"[^"]*Scan"[^{}]*?"Actual Rows":\s*([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return { scanned, sorts: (plan.match(/"Node Type":\s*"(Incremental )?Sort"/g) ?? []).length, plan };
}

/**
 * 100,000 contacts entering an automation at once leave 100,000 first-step jobs due together;
 * every batch of 100 takes 99 of them beside its lead. The claim reads those 99 in order, not
 * every waiting job (a read and sort of them all made each claim cost as much as the queue was long).
 */
it("an email step batch reads its 99 siblings, not every job of the step that waits", async () => {
  const now = new Date('2030-06-01T12:00:00.000Z');
  await database.db.execute(sql`
    insert into jobs (id, kind, payload, run_at, status)
    select 'job_step' || lpad(n::text, 6, '0'), 'automation-step',
      jsonb_build_object('storeId', 'st_bench', 'stepId', 'e1', 'runId', 'run_' || n, 'stepIndex', 0),
      ${now.toISOString()}::timestamptz - interval '1 hour' + (n / 500) * interval '1 second', 'pending'
    from generate_series(1, 5000) n`);
  // Another store's jobs of a step with the same id: never siblings.
  await database.db.execute(sql`
    insert into jobs (id, kind, payload, run_at, status)
    select 'job_other' || n, 'automation-step', jsonb_build_object('storeId', 'st_other', 'stepId', 'e1', 'runId', 'run_o' || n, 'stepIndex', 0),
      ${now.toISOString()}::timestamptz - interval '2 hours', 'pending'
    from generate_series(1, 500) n`);
  await database.db.execute(sql`analyze jobs`);

  const query = stepSiblingsQuery({ storeId: 'st_bench', stepId: 'e1', leadId: 'job_step000001', now, limit: 99 });
  const { scanned, sorts, plan } = await planOf(query);
  expect(scanned, plan).toBeLessThanOrEqual(99);
  expect(sorts, plan).toBe(0);
  const ids = (await database.db.execute(query)).rows.map((row) => (row as { id: string }).id);
  expect(ids).toHaveLength(99);
  expect(ids[0]).toBe('job_step000002');
  expect(ids.at(-1)).toBe('job_step000100');
});
