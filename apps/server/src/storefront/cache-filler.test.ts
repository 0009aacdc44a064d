import { describe, expect, it } from 'vitest';
import { createCacheFiller, type Produced } from './cache-filler.ts';
import { identityOf, PageCache } from './page-cache.ts';

function deferred() {
  let resolve!: (value: Produced | null) => void;
  const promise = new Promise<Produced | null>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(listening = true) {
  const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
  return { cache, filler: createCacheFiller({ cache, isListening: () => listening }) };
}

describe('createCacheFiller', () => {
  it('answers the page set aside when LISTEN dropped and the database cannot be read (stale-if-error)', async () => {
    let listening = true;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    const filler = createCacheFiller({ cache, isListening: () => listening });
    const held = await filler.fill('k', async () => ({ storeId: 's1', text: 'before' }));
    listening = false;
    filler.setAside();
    expect(filler.peek('k')).toBeUndefined();
    const down = async (): Promise<Produced> => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await filler.fill('k', down)).toBe(held);
    await expect(filler.fill('other', down)).rejects.toThrow('ECONNREFUSED');
    // A readable database wins over the page set aside.
    expect(identityOf((await filler.fill('k', async () => ({ storeId: 's1', text: 'fresh' })))!).toString()).toBe('fresh');
    // The reconnect forgets it.
    filler.invalidate(null);
    listening = true;
    await expect(filler.fill('k', down)).rejects.toThrow('ECONNREFUSED');
  });

  it('keeps a filled page and answers the next peek from memory', async () => {
    const { filler } = setup();
    const body = await filler.fill('k', async () => ({ storeId: 's1', text: '<p>hi</p>' }));
    expect(identityOf(body!).toString()).toBe('<p>hi</p>');
    expect(filler.peek('k')).toBe(body);
  });

  it('runs one producer for concurrent misses of one key', async () => {
    const { filler } = setup();
    const gate = deferred();
    let calls = 0;
    const produce = () => {
      calls += 1;
      return gate.promise;
    };
    const [a, b] = [filler.fill('k', produce), filler.fill('k', produce)];
    gate.resolve({ storeId: 's1', text: 'x' });
    expect(await a).toBe(await b);
    expect(calls).toBe(1);
  });

  it('answers but does not keep a fill that overlapped an invalidation', async () => {
    const { filler } = setup();
    const gate = deferred();
    const pending = filler.fill('k', () => gate.promise);
    filler.invalidate('s1');
    gate.resolve({ storeId: 's1', text: 'old' });
    expect(identityOf((await pending)!).toString()).toBe('old');
    expect(filler.peek('k')).toBeUndefined();
  });

  it('keeps nothing while LISTEN is down', async () => {
    const { filler, cache } = setup(false);
    await filler.fill('k', async () => ({ storeId: 's1', text: 'x' }));
    expect(cache.stats().entries).toBe(0);
    expect(filler.peek('k')).toBeUndefined();
  });

  it('invalidating one store leaves the others; null drops everything', async () => {
    const { filler } = setup();
    await filler.fill('a', async () => ({ storeId: 's1', text: 'a' }));
    await filler.fill('b', async () => ({ storeId: 's2', text: 'b' }));
    filler.invalidate('s1');
    expect(filler.peek('a')).toBeUndefined();
    expect(filler.peek('b')).toBeDefined();
    filler.invalidate(null);
    expect(filler.peek('b')).toBeUndefined();
  });

  it('does not cache a store that does not exist', async () => {
    const { filler, cache } = setup();
    expect(await filler.fill('k', async () => null)).toBeNull();
    expect(cache.stats().entries).toBe(0);
  });
});
