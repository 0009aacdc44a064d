import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { sampleProfile, type twoStoresWithFiles } from '#src/testing/stores.ts';
import { sweepUploads, UPLOAD_GRACE_MS } from './sweep-uploads.ts';
import type { TestCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

type Fixture = Awaited<ReturnType<typeof twoStoresWithFiles>>;

export function uploadHelpers(fixture: Fixture) {
  const { t, dataDir } = fixture;
  const png = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#cc6633' } }).png().toBuffer();

  async function upload(who: TestCreator, storeId: string, route: 'avatar' | 'images' = 'avatar'): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/${route}`,
      headers: { 'content-type': 'image/png', ...who.headers },
      payload: await png(),
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { url: string }).url;
  }

  /** Where the disk storage keeps the file behind `/files/<storeId>/<name>`. */
  const pathOf = (url: string) => join(dataDir, 'files', ...url.split('/').slice(2));

  /** What an operator and a visitor see of an uploaded image: on disk or not, and the status of its URL. */
  async function seenOf(url: string) {
    const response = await t.app.inject({ method: 'GET', url });
    return { onDisk: existsSync(pathOf(url)), status: response.statusCode };
  }

  async function call(who: TestCreator, name: string, data: unknown) {
    const response = await callFunction(t.app, name, data, { as: who });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  }

  const saveDraft = (who: TestCreator, storeId: string, avatarUrl: string | null) =>
    call(who, 'saveStoreDraft', { storeId, profile: sampleProfile({ avatarUrl }) });

  /** The sweep as the hourly job runs it, by default a little after every upload so far left its grace period. */
  const sweep = ({ storeIds, now }: { storeIds?: string[]; now?: Date } = {}) =>
    sweepUploads({ db: t.db, files: storageFromEnv(t.env), now: now ?? new Date(Date.now() + UPLOAD_GRACE_MS + 60_000), storeIds });

  return { upload, pathOf, seenOf, call, saveDraft, sweep };
}

export const KEPT = { onDisk: true, status: 200 } as const;
export const GONE = { onDisk: false, status: 404 } as const;
