import { existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productFiles } from './db/schema/index.ts';
import { PLATFORM_REALM } from './identity/limits.ts';
import { createSession } from './identity/sessions.ts';
import { bearer } from './testing/call-function.ts';
import { insertProduct } from './testing/checkout.ts';
import { burstThenKill, useCrashDrill } from './testing/crash-drill.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import { callRunningServer } from './testing/server-process.ts';

/**
 * Crash safety, publishes and files: kill -9 the real server process right after an
 * acknowledged publish or upload and in the middle of one, restart it on the same database and
 * DATA_DIR: the acknowledged publish serves, no product_files row points at a missing file and no
 * acknowledged upload is missing. Orders: crash-safety-orders.test.ts.
 */
const drill = useCrashDrill();
/** 8 MB here; the bench variant (`UPLOAD_MB=100`, bench scenario failure-drills) streams 100 MB. */
const UPLOAD_MB = Number(process.env.UPLOAD_MB ?? 8);

describe('kill -9 during a publish and an upload, then a restart on the same data', () => {
  let storeId: string;
  let creatorId: string;

  beforeAll(async () => {
    ({ storeId, creatorId } = await seedStorefront(drill.database.db, { slug: 'crash-shop', name: 'Before Crash' }));
  });

  it('a store publish: the acknowledged publish serves after the restart', { timeout: 90_000 }, async () => {
    let target = await drill.restart();
    const { token } = await createSession(drill.database.db, { realm: PLATFORM_REALM, userId: creatorId, now: new Date() });
    const call = (url: string, name: string, data: unknown) => callRunningServer(url, name, data, { headers: bearer(token) });
    const nameOn = async (url: string) => /<h1 class="sf-name">([^<]*)<\/h1>/.exec(await (await fetch(`${url}/crash-shop`)).text())?.[1];
    expect(await nameOn(target.url)).toBe('Before Crash');

    const draft = (await call(target.url, 'getStoreDraft', { storeId })).body as { result: { profile: StoreProfile } };
    expect((await call(target.url, 'saveStoreDraft', { storeId, profile: { ...draft.result.profile, name: 'After Crash' } })).status).toBe(200);
    // The publish is acknowledged, and the process dies at once (its page cache with it).
    const acknowledged = await burstThenKill(target, [async () => (await call(target.url, 'publishStoreDraft', { storeId })).status === 200], 1);
    expect(acknowledged.size).toBe(1);

    target = await drill.restart();
    expect(await nameOn(target.url)).toBe('After Crash');

    // A publish killed in flight (the reply never came): after the restart the page is one whole
    // version, and publishing again (the creator's retry) serves the new one.
    const second = (await call(target.url, 'getStoreDraft', { storeId })).body as { result: { profile: StoreProfile } };
    expect((await call(target.url, 'saveStoreDraft', { storeId, profile: { ...second.result.profile, name: 'Third Version' } })).status).toBe(200);
    const inFlight = call(target.url, 'publishStoreDraft', { storeId }).catch(() => null);
    target.child.kill('SIGKILL');
    await inFlight;
    target = await drill.restart();
    expect(['After Crash', 'Third Version']).toContain(await nameOn(target.url));
    expect((await call(target.url, 'publishStoreDraft', { storeId })).status).toBe(200);
    await expect.poll(() => nameOn(target.url), { timeout: 10_000 }).toBe('Third Version');
  });

  it(`a ${UPLOAD_MB} MB product file upload: no orphan file row, no acknowledged upload missing`, { timeout: 90_000 }, async () => {
    let target = await drill.restart();
    const productId = (await insertProduct(drill.asApp(), storeId, { status: 'draft', title: 'Big Download' })).id;
    const { token } = await createSession(drill.database.db, { realm: PLATFORM_REALM, userId: creatorId, now: new Date() });
    const chunk = Buffer.alloc(1024 * 1024, 7);
    /** Streams `megabytes` in 1 MB chunks; `onProgress` sees the count sent so far. */
    const upload = (url: string, name: string, megabytes: number, onProgress: (sent: number) => void = () => undefined) =>
      new Promise<number>((resolve, reject) => {
        const put = request(`${url}/api/stores/${storeId}/products/${productId}/files`, {
          method: 'PUT',
          headers: { ...bearer(token), 'content-type': 'application/pdf', 'content-length': String(megabytes * chunk.length), 'x-file-name': name },
        });
        put.once('response', (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        });
        put.once('error', reject);
        let sent = 0;
        const next = () => {
          while (sent < megabytes) {
            sent += 1;
            onProgress(sent);
            if (!put.write(chunk)) return void put.once('drain', next);
          }
          put.end();
        };
        next();
      });

    // Acknowledged, then killed at once.
    expect(await upload(target.url, 'small.pdf', 1)).toBe(201);
    const big = upload(target.url, 'big.pdf', UPLOAD_MB).catch(() => 0);
    expect(await big).toBe(201);
    target.child.kill('SIGKILL');
    await target.stop();

    // Killed halfway through the stream (never acknowledged).
    target = await drill.restart();
    const inFlight = upload(target.url, 'interrupted.pdf', UPLOAD_MB, (sent) => {
      if (sent === Math.floor(UPLOAD_MB / 2)) target.child.kill('SIGKILL');
    }).catch(() => 0);
    expect(await inFlight).not.toBe(201);
    await target.stop();

    target = await drill.restart();
    const rows = await drill.database.db.select().from(productFiles).where(eq(productFiles.productId, productId));
    expect(rows.map((row) => row.name).sort()).toEqual(['big.pdf', 'small.pdf']);
    for (const row of rows) {
      const path = join(drill.dataDir, 'files', row.storageKey);
      expect(existsSync(path)).toBe(true);
      expect(statSync(path).size).toBe(row.sizeBytes);
    }
    // The creator retries the interrupted upload: one more row, no duplicate of the others.
    expect(await upload(target.url, 'interrupted.pdf', 2)).toBe(201);
    const after = await drill.database.db.select().from(productFiles).where(eq(productFiles.productId, productId));
    expect(after.map((row) => row.name).sort()).toEqual(['big.pdf', 'interrupted.pdf', 'small.pdf']);
  });
});
