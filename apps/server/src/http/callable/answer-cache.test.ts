import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CHANGED_CHANNEL } from '#src/db/dashboard-events.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { createAnswerCache, type AnswerCache, type AnswerOwner } from './answer-cache.ts';

/** The kept-answer rules on their own: what is kept, for which version, and what each change drops. */
describe('answer cache', () => {
  let database: TestDatabase;
  let cache: AnswerCache;
  const silent = { warn: () => undefined };

  beforeAll(async () => {
    database = await createTestDatabase();
    cache = createAnswerCache({ db: database.db, log: silent });
    await cache.whenListening();
  });
  afterAll(async () => {
    await cache?.close();
    await database?.drop();
  });

  const owner = (storeId: string, extra: Partial<AnswerOwner> = {}): AnswerOwner => ({ storeId, creatorId: `usr_of_${storeId}`, scope: 'store', version: '1', ...extra });
  const keep = (key: string, who: AnswerOwner, text = `{"result":"${key}"}`) => cache.fill(key, who, async () => text);
  const notify = (payload: string) => database.db.execute(sql`select pg_notify(${DASHBOARD_CHANGED_CHANNEL}, ${payload})`);

  it('keeps an answer for the version it was read at, and only for it', async () => {
    await keep('a', owner('store_a'));
    expect(cache.peek('a', '1')?.json.toString()).toBe('{"result":"a"}');
    expect(cache.peek('a', '2')).toBeUndefined();
    await keep('a', owner('store_a', { version: '2' }), '{"result":"newer"}');
    expect(cache.peek('a', '2')?.json.toString()).toBe('{"result":"newer"}');
    expect(cache.peek('a', '1')).toBeUndefined();
  });

  it('answers but does not keep a read that overlapped its creator’s change', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const reading = cache.fill('b', owner('store_b'), async () => {
      await blocked;
      return '{"result":"before the change"}';
    });
    cache.dropCreator('usr_of_store_b');
    release();
    expect((await reading).json.toString()).toBe('{"result":"before the change"}');
    expect(cache.peek('b', '1')).toBeUndefined();
  });

  it('shares one read between concurrent misses of a key', async () => {
    let reads = 0;
    const produce = async () => `{"result":${++reads}}`;
    const [one, two] = await Promise.all([cache.fill('c', owner('store_c'), produce), cache.fill('c', owner('store_c'), produce)]);
    expect(reads).toBe(1);
    expect(one).toBe(two);
  });

  it('compresses only answers worth it, once', async () => {
    const small = await keep('small', owner('store_d'));
    expect([small.br, small.gzip]).toEqual([undefined, undefined]);
    const big = await keep('big', owner('store_d'), JSON.stringify({ result: 'x'.repeat(4096) }));
    expect(big.br?.length).toBeLessThan(200);
    expect(big.gzip?.length).toBeLessThan(200);
  });

  it('drops what each notification names: a store, its analytics only, or everything', async () => {
    await keep('e-store', owner('store_e'));
    await keep('e-analytics', owner('store_e', { scope: 'analytics', version: '' }));
    await keep('f-store', owner('store_f'));

    await notify('analytics:store_e');
    await expect.poll(() => cache.peek('e-analytics', '')).toBeUndefined();
    expect(cache.peek('e-store', '1')).toBeDefined();

    await notify('store_e');
    await expect.poll(() => cache.peek('e-store', '1')).toBeUndefined();
    expect(cache.peek('f-store', '1')).toBeDefined();

    await notify('');
    await expect.poll(() => cache.peek('f-store', '1')).toBeUndefined();
  });
});
