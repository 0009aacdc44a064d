import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareBody } from './compress.ts';
import { sizeOf } from './page-cache.ts';

describe('prepareBody', () => {
  it('keeps each encoding in a buffer of exactly its size, so the byte bound counts what memory holds', async () => {
    const html = Array.from({ length: 3000 }, (_, i) => `<li class="link-${i % 40}">Link number ${i}</li>`).join('');
    const body = await prepareBody('store_1', html);
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(body.br).toString('utf8')).toBe(html);
    for (const bytes of [body.gzip, body.br]) {
      expect(bytes.length).toBeLessThan(html.length / 4);
      // Not a view into zlib's 64 KB output chunk (which the bound would not see).
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
    expect(sizeOf(body)).toBeLessThan(body.gzip.length + body.br.length + 1024);
  });
});
