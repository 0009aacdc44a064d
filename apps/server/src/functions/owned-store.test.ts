import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import type { FastifyRequest } from 'fastify';
import { ownedStore, ownedStoreKey } from './owned-store.ts';
import type { FunctionContext } from './types.ts';

/**
 * A kept dashboard read resolves its caller with only the store's key (id, owner, time zone);
 * every other call, and a kept read whose handler runs, gets the whole row, and someone else's
 * store is "not found" either way (SECURITY "Tenancy").
 */
describe('ownedStore and ownedStoreKey after the session read the store', () => {
  let t: TestApp;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let foreignStoreId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'owned-key-store')).id;
    foreignStoreId = (await createStoreAs(t, stranger, 'owned-key-foreign')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The context a callable handler gets when the call's data named `named`, read with `columns`. */
  async function contextOf(who: TestCreator, named: string, columns: 'row' | 'key'): Promise<FunctionContext> {
    const request = { headers: { authorization: `Bearer ${who.token}` } } as unknown as FastifyRequest;
    const caller = await resolveCaller(request, { db: t.db, now: () => new Date() }, { storeId: named }, columns);
    return { db: t.db, caller } as unknown as FunctionContext;
  }

  it('reads only the key for a kept read, and the whole row when a handler asks for it', async () => {
    const ctx = await contextOf(owner, storeId, 'key');
    expect(ctx.caller?.kind === 'creator' && ctx.caller.ownedStore).toMatchObject({ storeId, columns: 'key', row: { id: storeId, creatorId: owner.userId, timeZone: 'UTC' } });
    expect(await ownedStoreKey(ctx, storeId)).toEqual({ id: storeId, creatorId: owner.userId, timeZone: 'UTC' });
    const row = await ownedStore(ctx, storeId);
    expect([row.id, row.slug, row.name, row.creatorId]).toEqual([storeId, 'owned-key-store', expect.any(String), owner.userId]);
  });

  it('keeps the whole row read with the session for every other call', async () => {
    const ctx = await contextOf(owner, storeId, 'row');
    expect(ctx.caller?.kind === 'creator' && ctx.caller.ownedStore?.columns).toBe('row');
    expect((await ownedStore(ctx, storeId)).slug).toBe('owned-key-store');
    expect(await ownedStoreKey(ctx, storeId)).toMatchObject({ id: storeId, slug: 'owned-key-store' });
  });

  it("answers someone else's store as not found, read with the session or not", async () => {
    for (const columns of ['key', 'row'] as const) {
      const ctx = await contextOf(owner, foreignStoreId, columns);
      await expect(ownedStoreKey(ctx, foreignStoreId)).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.stores.notFound });
      await expect(ownedStore(ctx, foreignStoreId)).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.stores.notFound });
      // The session read the caller's own store; another id is looked up, with its owner checked.
      const other = await contextOf(owner, storeId, columns);
      await expect(ownedStoreKey(other, foreignStoreId)).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.stores.notFound });
      await expect(ownedStore(other, foreignStoreId)).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.stores.notFound });
    }
  });
});
