import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { claimDueJobs } from '#src/jobs/job-store.ts';
import { LeaseLostError } from '#src/jobs/types.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { holdJobLease } from './hold-job-lease.ts';
import { runVideoTool } from './video-tools.ts';

describe('holding a transcode lease', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());

  async function claimed(kind: string) {
    // Due at a JavaScript instant: the database's now() has microseconds and could fall after the claim's millisecond `now`.
    await enqueueJob(t.db, kind, {}, { runAt: new Date() });
    const [job] = await claimDueJobs(t.db, { workerId: 'this-server', now: new Date(), leaseMs: 60_000, limit: 1, kinds: { only: [kind] } });
    return job!;
  }

  it('extends the lease on each check, from the clock it is given', async () => {
    const job = await claimed('lease-extends');
    const now = new Date(Date.now() + 45_000);
    const lease = holdJobLease({ db: t.db, job, leaseMs: 60_000, intervalMs: 60_000, now: () => now });
    await lease.check();
    lease.release();
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.lockedUntil).toEqual(new Date(now.getTime() + 60_000));
  });

  it('aborts in the background once another server has the job, and the next check throws', async () => {
    const job = await claimed('lease-lost');
    const lease = holdJobLease({ db: t.db, job, leaseMs: 60_000, intervalMs: 20, now: () => new Date() });
    await t.db.update(jobs).set({ lockedBy: 'another-server' }).where(eq(jobs.id, job.id));
    await once(lease.signal, 'abort');
    lease.release();
    expect(lease.signal.reason).toBeInstanceOf(LeaseLostError);
    await expect(lease.check()).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('an abort kills a running ffmpeg at once', async () => {
    const controller = new AbortController();
    const running = runVideoTool('ffmpeg', ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=duration=600', '-f', 'null', '-'], { signal: controller.signal });
    controller.abort(new LeaseLostError('job_x'));
    await expect(running).rejects.toBeInstanceOf(LeaseLostError);
  });
});
