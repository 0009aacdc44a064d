import { describe, expect, it } from 'vitest';
import { prepareBody } from './compress.ts';
import { identityOf, PageCache, sizeOf, type CachedBody } from './page-cache.ts';

const body = (storeId: string, bytes = 100): CachedBody => ({
  storeId,
  etag: '"e"',
  identityLength: bytes,
  gzip: Buffer.alloc(10),
  br: Buffer.alloc(10),
});

describe('PageCache', () => {
  it('holds up to maxEntries, then drops the least recently used', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1e9 });
    cache.set('a', body('s1'));
    cache.set('b', body('s2'));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', body('s3'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.stats().entries).toBe(2);
  });

  it('replaces a key with a body that fits the bound, and drops it for one that does not (never serving the old one)', () => {
    const big: CachedBody = { ...body('s1'), gzip: Buffer.alloc(2_000), br: Buffer.alloc(2_000) };
    const bound = sizeOf(big);
    const fits = new PageCache({ maxEntries: 10, maxBytes: bound });
    fits.set('a', body('s1'));
    fits.set('a', big);
    expect(fits.get('a')).toBe(big);
    const tooSmall = new PageCache({ maxEntries: 10, maxBytes: bound - 1 });
    tooSmall.set('a', body('s1'));
    tooSmall.set('a', big);
    expect(tooSmall.get('a')).toBeUndefined();
    expect(tooSmall.stats()).toEqual({ entries: 0, bytes: 0, stores: 0 });
  });

  it('holds up to maxBytes exactly, one byte more evicts', () => {
    const one = sizeOf(body('s1'));
    const atLimit = new PageCache({ maxEntries: 100, maxBytes: one * 2 });
    atLimit.set('a', body('s1'));
    atLimit.set('b', body('s2'));
    expect(atLimit.stats()).toMatchObject({ entries: 2, bytes: one * 2 });

    const overLimit = new PageCache({ maxEntries: 100, maxBytes: one * 2 - 1 });
    overLimit.set('a', body('s1'));
    overLimit.set('b', body('s2'));
    expect(overLimit.stats()).toMatchObject({ entries: 1, bytes: one });
    expect(overLimit.get('b')).toBeDefined();
  });

  it('never keeps a body bigger than the whole budget', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 50 });
    cache.set('a', body('s1', 500));
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, stores: 0 });
  });

  it('drops every key of one store at once and leaves the others', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    cache.set('html|slug:a', body('s1'));
    cache.set('html|host:a.bio.test', body('s1'));
    cache.set('json|slug:a', body('s1'));
    cache.set('html|slug:b', body('s2'));
    cache.deleteStore('s1');
    expect(cache.stats()).toMatchObject({ entries: 1, stores: 1 });
    expect(cache.get('html|slug:b')).toBeDefined();
  });

  it('replacing a key keeps the byte count right', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    cache.set('a', body('s1', 100));
    cache.set('a', body('s1', 300));
    expect(cache.stats().bytes).toBe(sizeOf(body('s1', 300)));
    cache.clear();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, stores: 0 });
  });

  describe('the byte bound counts the uncompressed page only once it is held', () => {
    const html = (n: number) => `<main><h1>Store ${n}</h1>${'<p>Cozy mugs for slow mornings.</p>'.repeat(60)}</main>`;
    const pages = () => Promise.all([prepareBody('s1', html(1)), prepareBody('s2', html(2))]);

    it('fits pages by their compressed bytes: two pages whose HTML alone would pass the bound both stay', async () => {
      const [one, two] = await pages();
      const compressed = sizeOf(one) + sizeOf(two);
      expect(one.identityLength + two.identityLength).toBeGreaterThan(compressed);
      const cache = new PageCache({ maxEntries: 10, maxBytes: compressed });
      cache.set('a', one);
      cache.set('b', two);
      expect(cache.stats()).toMatchObject({ entries: 2, bytes: compressed });
    });

    it('grows by the HTML when a client without compression asks, and holds exactly at the bound', async () => {
      const [one, two] = await pages();
      const bound = sizeOf(one) + sizeOf(two) + two.identityLength;
      const cache = new PageCache({ maxEntries: 10, maxBytes: bound });
      cache.set('a', one);
      cache.set('b', two);
      identityOf(cache.get('b')!);
      expect(cache.stats()).toMatchObject({ entries: 2, bytes: bound });
      expect(cache.get('a')).toBe(one);
    });

    it('one byte under that, materialising evicts the least recently used page', async () => {
      const [one, two] = await pages();
      const cache = new PageCache({ maxEntries: 10, maxBytes: sizeOf(one) + sizeOf(two) + two.identityLength - 1 });
      cache.set('a', one);
      cache.set('b', two);
      identityOf(cache.get('b')!);
      expect(cache.get('a')).toBeUndefined();
      expect(cache.get('b')).toBe(two);
      expect(cache.stats()).toMatchObject({ entries: 1, bytes: sizeOf(two) });
      expect(sizeOf(two)).toBe(two.gzip.length + two.br.length + two.identityLength + two.etag.length + 320);
    });

    it('gives the bytes back when the page goes, and ignores a page it no longer holds', async () => {
      const [one, two] = await pages();
      const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
      cache.set('a', one);
      cache.set('b', two);
      identityOf(one);
      cache.delete('a');
      expect(cache.stats().bytes).toBe(sizeOf(two));
      cache.deleteStore('s2');
      identityOf(two);
      expect(cache.stats()).toEqual({ entries: 0, bytes: 0, stores: 0 });
    });
  });

  it('keeps only the compressed bytes until a client asks for the uncompressed page', async () => {
    const page = await prepareBody('s1', '<p>Cozy mugs</p>'.repeat(50));
    expect(page.identity).toBeUndefined();
    expect(page.identityLength).toBe(800);
    expect(identityOf(page).toString('utf8')).toBe('<p>Cozy mugs</p>'.repeat(50));
    expect(page.identity).toBeDefined();
  });
});
