import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#src/db/schema/index.ts';
import { startS3StandIn, type S3StandIn } from '#src/testing/s3-stand-in.ts';
import { createS3Storage } from '#src/files/s3-storage.ts';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import { createAppJobRunner, scheduleHourlyJobs } from '#src/app-jobs.ts';
import { PURGE_EXPIRED_KIND } from '#src/jobs/purge-expired-job.ts';
import { scheduleSweepUploads, SWEEP_UPLOADS_KIND } from './sweep-uploads-job.ts';
import { sweepUploads, UPLOAD_GRACE_MS } from './sweep-uploads.ts';
import { GONE, KEPT, uploadHelpers } from './uploads-fixtures.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import type { TestCreator } from '#src/testing/creators.ts';

const HOUR_MS = 60 * 60 * 1000;
const imageName = () => `avatar-${randomBytes(12).toString('hex')}.webp`;

describe('the hourly upload sweep job (decision 012)', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let owner: TestCreator;
  let storeId: string;
  let h: ReturnType<typeof uploadHelpers>;
  let s3: S3StandIn;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('job-shop');
    ({ owner, storeId } = fixture);
    h = uploadHelpers(fixture);
    s3 = await startS3StandIn('shop-files');
  });
  afterAll(async () => {
    await s3?.close();
    await fixture?.close();
  });

  const pending = (kind: string) =>
    fixture.t.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending')));

  it('is scheduled once an hour together with the purge, however often the server asks', async () => {
    const now = new Date('2030-03-01T10:30:00Z');
    await scheduleHourlyJobs(fixture.t.db, now);
    await scheduleHourlyJobs(fixture.t.db, new Date(now.getTime() + 60_000));
    await scheduleSweepUploads(fixture.t.db, now);
    for (const kind of [PURGE_EXPIRED_KIND, SWEEP_UPLOADS_KIND]) {
      expect((await pending(kind)).map((row) => row.runAt.toISOString()), kind).toEqual(['2030-03-01T11:00:00.000Z']);
    }
  });

  it("runs in the server's job runner on the configured storage and schedules the next hour", async () => {
    const orphan = await h.upload(owner, storeId);
    const kept = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, kept);
    const now = new Date(Date.now() + UPLOAD_GRACE_MS + HOUR_MS);
    await scheduleSweepUploads(fixture.t.db, new Date(now.getTime() - HOUR_MS));

    const runner = createAppJobRunner({ env: fixture.t.env, db: fixture.t.db, log: silentLog, now: () => now });
    expect(await runner.runDue()).toBe(1);
    expect([await h.seenOf(orphan), await h.seenOf(kept)]).toEqual([GONE, KEPT]);
    const nextHour = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS).toISOString();
    expect((await pending(SWEEP_UPLOADS_KIND)).map((row) => row.runAt.toISOString())).toContain(nextHour);
  });

  it('sweeps an S3-compatible bucket the same way, leaving product files alone', async () => {
    const files = createS3Storage({
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    });
    const [orphan, referenced, fresh] = [imageName(), imageName(), imageName()];
    const keys = [orphan, referenced, fresh, 'products/file_1'].map((name) => `${storeId}/${name}`);
    for (const key of keys) await files.put(key, Buffer.from('bytes'));
    const now = new Date('2030-05-01T12:00:00Z');
    for (const key of keys) s3.modifiedAt.set(key, new Date(now.getTime() - UPLOAD_GRACE_MS));
    s3.modifiedAt.set(`${storeId}/${fresh}`, new Date(now.getTime() - UPLOAD_GRACE_MS + 1));
    await h.saveDraft(owner, storeId, `/files/${storeId}/${referenced}`);

    const { deleted } = await sweepUploads({ db: fixture.t.db, files, now, storeIds: [storeId] });
    expect(deleted).toEqual([`${storeId}/${orphan}`]);
    expect([...s3.objects.keys()].sort()).toEqual(keys.slice(1).sort());
  });
});
