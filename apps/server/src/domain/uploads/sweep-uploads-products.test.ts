import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { Product } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createProductAs, insertOrder } from '#src/testing/products.ts';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import { GONE, KEPT, uploadHelpers } from './uploads-fixtures.ts';
import type { TestCreator } from '#src/testing/creators.ts';

describe('sweepUploads: product covers, and nothing but uploaded images (decision 012)', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let owner: TestCreator;
  let storeId: string;
  let h: ReturnType<typeof uploadHelpers>;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('cover-shop');
    ({ owner, storeId } = fixture);
    h = uploadHelpers(fixture);
  });
  afterAll(() => fixture?.close());

  const cover = () => h.upload(owner, storeId, 'images');
  const withCover = async (coverImageUrl: string) => createProductAs(fixture.t, owner, storeId, { coverImageUrl });
  const update = (product: Product, changes: Record<string, unknown>) =>
    h.call(owner, 'updateProduct', { storeId, productId: product.id, ...changes });

  it('deletes a replaced cover and then a removed one, and keeps the current one', async () => {
    const first = await cover();
    const product = await withCover(first);
    const second = await cover();
    await update(product, { coverImageUrl: second });

    await h.sweep();
    expect([await h.seenOf(first), await h.seenOf(second)]).toEqual([GONE, KEPT]);

    await update(product, { coverImageUrl: null });
    await h.sweep();
    expect(await h.seenOf(second)).toEqual(GONE);
  });

  it("deletes a deleted product's cover, and keeps an archived product's (past buyers still see it)", async () => {
    const deletedCover = await cover();
    const deleted = await withCover(deletedCover);
    const archivedCover = await cover();
    const archived = await withCover(archivedCover);
    await insertOrder(fixture.t, storeId, archived.id);

    expect(await h.call(owner, 'deleteProduct', { storeId, productId: deleted.id })).toEqual({ deleted: true, archived: false });
    expect(await h.call(owner, 'deleteProduct', { storeId, productId: archived.id })).toEqual({ deleted: false, archived: true });
    await h.sweep();
    expect([await h.seenOf(deletedCover), await h.seenOf(archivedCover)]).toEqual([GONE, KEPT]);
  });

  it('keeps a cover a draft product uses, and one mentioned only in a product description link', async () => {
    const drafted = await cover();
    await withCover(drafted);
    const linked = await cover();
    await createProductAs(fixture.t, owner, storeId, {
      descriptionHtml: `<p><a href="http://localhost:3000${linked}">See the poster</a></p>`,
    });

    await h.sweep();
    expect([await h.seenOf(drafted), await h.seenOf(linked)]).toEqual([KEPT, KEPT]);
  });

  it('never deletes product files (paid downloads), other files, or writes in progress, however old', async () => {
    const files = storageFromEnv(fixture.t.env);
    const orphan = await cover();
    const name = orphan.split('/').pop()!;
    const keys = [`${storeId}/products/file_old`, `${storeId}/notes-1.txt`, `${storeId}/${name}.0a1b2c3d4e5f.tmp`];
    for (const key of keys) await files.put(key, Buffer.from('keep me'));
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    for (const key of keys) await utimes(join(fixture.dataDir, 'files', key), longAgo, longAgo);

    const { deleted } = await h.sweep();
    expect(deleted).toEqual([`${storeId}/${name}`]);
    expect(keys.map((key) => existsSync(join(fixture.dataDir, 'files', key)))).toEqual([true, true, true]);
  });
});
