import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import { UPLOAD_GRACE_MS } from './sweep-uploads.ts';
import { GONE, KEPT, uploadHelpers } from './uploads-fixtures.ts';
import type { TestCreator } from '#src/testing/creators.ts';

describe('sweepUploads: store avatars, live and draft (decision 012)', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;
  let h: ReturnType<typeof uploadHelpers>;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('sweep-shop');
    ({ owner, stranger, storeId, strangerStore } = fixture);
    h = uploadHelpers(fixture);
  });
  afterAll(() => fixture?.close());

  const publish = () => h.call(owner, 'publishStoreDraft', { storeId });
  const publishAvatar = async () => {
    const url = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, url);
    await publish();
    return url;
  };

  it('deletes a replaced avatar once nothing references it: the file leaves the disk and its URL answers 404', async () => {
    const replaced = await publishAvatar();
    const current = await publishAvatar();
    expect(await h.seenOf(replaced)).toEqual(KEPT);

    const { deleted } = await h.sweep();
    expect(deleted).toContain(replaced.slice('/files/'.length));
    expect(await h.seenOf(replaced)).toEqual(GONE);
    expect(await h.seenOf(current)).toEqual(KEPT);
  });

  it('keeps an avatar only the draft references, and the live one beside it; publishing lets the old live one go', async () => {
    const live = await publishAvatar();
    const drafted = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, drafted);

    await h.sweep();
    expect([await h.seenOf(live), await h.seenOf(drafted)]).toEqual([KEPT, KEPT]);

    await publish();
    await h.sweep();
    expect([await h.seenOf(live), await h.seenOf(drafted)]).toEqual([GONE, KEPT]);
  });

  it('after a discard, deletes the draft-only image and keeps the live one', async () => {
    const live = await publishAvatar();
    const drafted = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, drafted);
    expect(await h.call(owner, 'discardStoreDraft', { storeId })).toEqual({ discarded: true });

    await h.sweep();
    expect([await h.seenOf(live), await h.seenOf(drafted)]).toEqual([KEPT, GONE]);
  });

  it('deletes a draft avatar that a later autosave replaced, and one removed from the live store', async () => {
    const first = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, first);
    const second = await h.upload(owner, storeId);
    await h.saveDraft(owner, storeId, second);
    await h.sweep();
    expect([await h.seenOf(first), await h.seenOf(second)]).toEqual([GONE, KEPT]);

    await h.saveDraft(owner, storeId, null);
    await publish();
    await h.sweep();
    expect(await h.seenOf(second)).toEqual(GONE);
  });

  it('never sweeps an upload inside its grace period, even one nothing references yet', async () => {
    const fresh = await h.upload(owner, storeId);
    const writtenAt = (await stat(h.pathOf(fresh))).mtime.getTime();

    await h.sweep({ now: new Date(writtenAt + UPLOAD_GRACE_MS - 1) });
    expect(await h.seenOf(fresh)).toEqual(KEPT);
    await h.sweep({ now: new Date(writtenAt + UPLOAD_GRACE_MS) });
    expect(await h.seenOf(fresh)).toEqual(GONE);
  });

  it("never touches another store's files when sweeping one store", async () => {
    const ownOrphan = await h.upload(owner, storeId);
    const foreignOrphan = await h.upload(stranger, strangerStore);

    const { deleted } = await h.sweep({ storeIds: [storeId] });
    expect(deleted.every((key) => key.startsWith(`${storeId}/`))).toBe(true);
    expect([await h.seenOf(ownOrphan), await h.seenOf(foreignOrphan)]).toEqual([GONE, KEPT]);

    // The hourly run covers every store, each for its own unreferenced images.
    await h.sweep();
    expect(await h.seenOf(foreignOrphan)).toEqual(GONE);
  });

  it("keeps an image another store's draft or live profile still shows", async () => {
    const replaced = await publishAvatar();
    await publishAvatar();
    await h.saveDraft(stranger, strangerStore, replaced);

    await h.sweep();
    expect(await h.seenOf(replaced)).toEqual(KEPT);

    await h.call(stranger, 'publishStoreDraft', { storeId: strangerStore });
    await h.sweep();
    expect(await h.seenOf(replaced)).toEqual(KEPT);

    await h.saveDraft(stranger, strangerStore, null);
    await h.call(stranger, 'publishStoreDraft', { storeId: strangerStore });
    await h.sweep();
    expect(await h.seenOf(replaced)).toEqual(GONE);
  });
});
