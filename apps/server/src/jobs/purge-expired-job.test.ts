import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sessions, users } from '../db/schema/index.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { testEnv } from '../testing/test-env.ts';
import { createPurgeExpiredJob, PURGE_EXPIRED_KIND, schedulePurgeExpired } from './purge-expired-job.ts';
import type { ClaimedJob, JobRunContext } from './types.ts';

describe('hourly purge of expired identity rows', () => {
  let t: TestDatabase;
  const now = new Date('2026-06-01T10:30:00Z');

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(users).values({ id: 'user_purge', email: 'purge@example.com' });
    const session = (id: string, expiresAt: Date) => ({ id, tokenHash: `hash-${id}`, userId: 'user_purge', expiresAt });
    await t.db.insert(sessions).values([
      session('expired', new Date(now.getTime() - 1)),
      session('live', new Date(now.getTime() + 24 * 60 * 60_000)),
    ]);
  });
  afterAll(() => t?.drop());

  it('schedules one job per hour however often it is asked', async () => {
    await schedulePurgeExpired(t.db, now);
    await schedulePurgeExpired(t.db, new Date(now.getTime() + 60_000));
    const scheduled = await t.db.select().from(jobs).where(eq(jobs.kind, PURGE_EXPIRED_KIND));
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.runAt.toISOString()).toBe('2026-06-01T11:00:00.000Z');
  });

  it('deletes expired sessions, keeps live ones, and schedules the next hour', async () => {
    const ctx: JobRunContext = { log: createLogger(testEnv()), now: () => new Date('2026-06-01T11:00:05Z'), complete: async () => {} };
    await createPurgeExpiredJob(t.db).run({} as ClaimedJob, ctx);
    const left = await t.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((row) => row.id)).toEqual(['live']);
    const scheduled = await t.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.kind, PURGE_EXPIRED_KIND));
    expect(scheduled.map((row) => row.runAt.toISOString()).sort()).toEqual(['2026-06-01T11:00:00.000Z', '2026-06-01T12:00:00.000Z']);
  });
});
