import type { StoreProfile } from '@shopfront/core';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '../app-jobs.ts';
import { buildApp } from '../app.ts';
import { jobs, stores } from '../db/schema/index.ts';
import { buildFunctionTable } from '../functions/index.ts';
import { callFunction } from '../testing/call-function.ts';
import { signedInCreator } from '../testing/creators.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { startPurgeStandIn } from '../testing/purge-stand-in.ts';
import { createStoreAs } from '../testing/stores.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testEnv } from '../testing/test-env.ts';
import { CDN_PURGE_KIND, CDN_PURGE_MAX_ATTEMPTS, enqueueCdnPurge } from './cdn-purge-job.ts';

/**
 * A publish purges the store's tag at the CDN once, whichever of the servers on one database hear
 * it, through a durable job that is retried a bounded number of times and never fails the publish.
 */
const ZONE = '0123456789abcdef0123456789abcdef';
let cdn: Awaited<ReturnType<typeof startPurgeStandIn>>;
let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  cdn = await startPurgeStandIn();
  const env = testEnv({ CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: 'cf-test-token', CLOUDFLARE_API_URL: cdn.url });
  t = await createTestApp({ env });
  second = await buildApp({ env, db: t.db, functions: buildFunctionTable(env) });
  await second.ready();
  await Promise.all([t.app.storefront.ready(), second.storefront.ready()]);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
  await cdn?.close();
});

/** A clock the runner reads, moved past each retry's delay instead of waiting for it. */
function jobRunner() {
  const logs = captureLogs('info');
  let nowMs = Date.now();
  const runner = createAppJobRunner({ env: { email: t.env.email, front: t.env.front }, db: t.db, log: logs.logger, now: () => new Date(nowMs) });
  return { runner, logs, advanceHours: (hours: number) => void (nowMs += hours * 3_600_000) };
}

/** The store's purge jobs, oldest first: the last is the latest publish's (a select without an order comes in any order). */
const purgeJobs = (storeId: string) =>
  t.db.select().from(jobs).where(and(eq(jobs.kind, CDN_PURGE_KIND), eq(jobs.payload, { storeId }))).orderBy(asc(jobs.createdAt), asc(jobs.id));

const versionOf = async (storeId: string) => (await t.db.select({ version: stores.version }).from(stores).where(eq(stores.id, storeId)))[0]!.version;
const jobFor = async (storeId: string) => (await t.db.select().from(jobs).where(eq(jobs.idempotencyKey, `${CDN_PURGE_KIND}:${storeId}:${await versionOf(storeId)}`)))[0];

/**
 * A creator's store with a saved draft, published through the real function. Creating the store
 * is a change too: its purge is made (and sent) first, so only the publish's is left to count.
 */
async function publishedStore(slug: string, thenCdn: () => void = () => undefined) {
  const owner = await signedInCreator(t);
  const { id: storeId } = await createStoreAs(t, owner, slug);
  const draft = (await callFunction(t.app, 'getStoreDraft', { storeId }, { as: owner })).json().result as { profile: StoreProfile };
  const saved = await callFunction(t.app, 'saveStoreDraft', { storeId, profile: { ...draft.profile, name: `${slug} v2` } }, { as: owner });
  expect(saved.statusCode).toBe(200);
  await expect.poll(() => jobFor(storeId), { timeout: 10_000 }).toBeDefined();
  await jobRunner().runner.runDue();
  thenCdn();
  const before = (await purgeJobs(storeId)).length;
  const sent = cdn.requests.length;
  const published = await callFunction(t.app, 'publishStoreDraft', { storeId }, { as: owner });
  return { storeId, before, sent, published };
}

describe('the CDN purge after a publish', () => {
  it('sends exactly one purge, with the store tag and the API token, though two servers heard the change', async () => {
    const { storeId, before, sent, published } = await publishedStore('purged-shop');
    expect(published.statusCode).toBe(200);
    await expect.poll(async () => (await purgeJobs(storeId)).length - before, { timeout: 10_000 }).toBe(1);
    // What the other server does when it hears the same change: no second job.
    await enqueueCdnPurge(t.db, storeId);
    await enqueueCdnPurge(t.db, storeId);
    expect((await purgeJobs(storeId)).length - before).toBe(1);

    const { runner } = jobRunner();
    await runner.runDue();
    const mine = cdn.requests.slice(sent).filter((request) => JSON.stringify(request.body).includes(storeId));
    expect(mine).toEqual([
      {
        method: 'POST',
        path: `/client/v4/zones/${ZONE}/purge_cache`,
        authorization: 'Bearer cf-test-token',
        contentType: 'application/json',
        body: { tags: [`store-${storeId}`] },
      },
    ]);
    expect((await purgeJobs(storeId)).every((job) => job.status === 'done')).toBe(true);
  });

  it('a failing purge is retried a bounded number of times, logged, and the publish still succeeds', async () => {
    const { storeId, before, sent, published } = await publishedStore('flaky-cdn-shop', () =>
      cdn.answerWith(() => ({ status: 500, body: { success: false, errors: [{ code: 10000, message: 'down' }] } })),
    );
    expect(published.statusCode).toBe(200);
    await expect.poll(async () => (await purgeJobs(storeId)).length - before, { timeout: 10_000 }).toBe(1);

    const { runner, logs, advanceHours } = jobRunner();
    const mine = () => cdn.requests.slice(sent).filter((request) => JSON.stringify(request.body).includes(storeId)).length;
    for (let round = 0; round < CDN_PURGE_MAX_ATTEMPTS + 3; round++) {
      await runner.runDue();
      advanceHours(1);
    }
    expect(mine()).toBe(CDN_PURGE_MAX_ATTEMPTS);
    const [job] = (await purgeJobs(storeId)).slice(-1);
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toContain('Cloudflare answered 500');
    const lines = logs.lines().filter((line) => line.kind === CDN_PURGE_KIND);
    expect(lines.filter((line) => line.msg === 'job failed; will retry')).toHaveLength(CDN_PURGE_MAX_ATTEMPTS - 1);
    expect(lines.filter((line) => line.msg === 'job failed permanently')).toHaveLength(1);
    cdn.answerWith(() => ({ status: 200, body: { success: true } }));
  });

  it('a purge that fails twice and then passes is done', async () => {
    let failures = 2;
    const { storeId, before } = await publishedStore('recovering-cdn-shop', () =>
      cdn.answerWith(() => (failures-- > 0 ? { status: 503, body: {} } : { status: 200, body: { success: true } })),
    );
    await expect.poll(async () => (await purgeJobs(storeId)).length - before, { timeout: 10_000 }).toBe(1);
    const { runner, advanceHours } = jobRunner();
    for (let round = 0; round < 4; round++) {
      await runner.runDue();
      advanceHours(1);
    }
    const [job] = (await purgeJobs(storeId)).slice(-1);
    expect(job?.status).toBe('done');
    expect(job?.attempts).toBe(3);
    cdn.answerWith(() => ({ status: 200, body: { success: true } }));
  });
});
