import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { stores, users, websitePages, websitePageVersions } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createProductAs } from '#src/testing/products.ts';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import { sweepUploads, UPLOAD_GRACE_MS } from './sweep-uploads.ts';
import { findReferencedUploadNames, findStillReferenced } from './upload-references.ts';
import { GONE, KEPT, uploadHelpers } from './uploads-fixtures.ts';
import type { TestCreator } from '#src/testing/creators.ts';

const imageName = (prefix: 'avatar' | 'image') => `${prefix}-${randomBytes(12).toString('hex')}.webp`;

describe('what counts as a reference to an uploaded image (decision 012)', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let owner: TestCreator;
  let storeId: string;
  let h: ReturnType<typeof uploadHelpers>;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('refs-shop');
    ({ owner, storeId } = fixture);
    h = uploadHelpers(fixture);
  });
  afterAll(() => fixture?.close());

  it('finds a name in the live store, its draft, a product and a profile photo; not one nobody mentions', async () => {
    const { db } = fixture.t;
    const [live, drafted, covered, described, photo, nowhere] = [
      imageName('avatar'),
      imageName('avatar'),
      imageName('image'),
      imageName('image'),
      imageName('avatar'),
      imageName('avatar'),
    ];
    const url = (name: string) => `/files/${storeId}/${name}`;
    await db.update(stores).set({ avatarUrl: url(live) }).where(eq(stores.id, storeId));
    await h.saveDraft(owner, storeId, url(drafted));
    await createProductAs(fixture.t, owner, storeId, {
      coverImageUrl: url(covered),
      descriptionHtml: `<p><a href="https://shop.example.com${url(described)}">poster</a></p>`,
    });
    await db.update(users).set({ photoUrl: `https://shop.example.com${url(photo)}` }).where(eq(users.id, owner.userId));

    const mentioned = [live, drafted, covered, described, photo];
    const snapshot = await findReferencedUploadNames(db);
    expect(mentioned.filter((name) => snapshot.has(name))).toEqual(mentioned);
    expect(snapshot.has(nowhere)).toBe(false);
    expect([...(await findStillReferenced(db, [...mentioned, nowhere]))].sort()).toEqual([...mentioned].sort());
    expect(await findStillReferenced(db, [])).toEqual(new Set());
  });

  it('finds a name in a website page: live, draft, social image and every kept version', async () => {
    const { db } = fixture.t;
    const [live, drafted, social, versioned, nowhere] = [imageName('image'), imageName('image'), imageName('image'), imageName('avatar'), imageName('image')];
    const url = (name: string) => `/files/${storeId}/${name}`;
    const image = (name: string) => ({ root: { props: {} }, content: [{ type: 'Image' as const, props: { id: 'i', src: url(name), alt: '', width: 'wide' as const } }] });
    const pageId = newId('page');
    await db.insert(websitePages).values({
      id: pageId,
      storeId,
      slug: 'refs',
      title: 'Refs',
      position: 9,
      seoImageSrc: url(social),
      publishedContent: image(live),
      draftContent: image(drafted),
    });
    await db.insert(websitePageVersions).values({ id: newId('pgv'), pageId, storeId, version: 1, title: 'Refs', content: image(versioned) });

    const mentioned = [live, drafted, social, versioned];
    const snapshot = await findReferencedUploadNames(db);
    expect(mentioned.filter((name) => snapshot.has(name))).toEqual(mentioned);
    expect(snapshot.has(nowhere)).toBe(false);
    expect([...(await findStillReferenced(db, [...mentioned, nowhere]))].sort()).toEqual([...mentioned].sort());
  });

  it('keeps an image that a save made while the sweep was running references', async () => {
    const files = storageFromEnv(fixture.t.env);
    const url = await h.upload(owner, storeId);
    // The draft is saved after the sweep read which names are referenced, before it deletes any.
    const racing: FileStorage = {
      ...files,
      list: async (prefix) => {
        const listed = await files.list(prefix);
        await h.saveDraft(owner, storeId, url);
        return listed;
      },
    };
    const now = new Date(Date.now() + UPLOAD_GRACE_MS + 60_000);
    await h.saveDraft(owner, storeId, null);

    expect((await sweepUploads({ db: fixture.t.db, files: racing, now, storeIds: [storeId] })).deleted).toEqual([]);
    expect(await h.seenOf(url)).toEqual(KEPT);
    await h.saveDraft(owner, storeId, null);
    await h.sweep({ storeIds: [storeId], now });
    expect(await h.seenOf(url)).toEqual(GONE);
  });
});
