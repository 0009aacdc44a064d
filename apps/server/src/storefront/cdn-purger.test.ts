import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPurgeStandIn } from '../testing/purge-stand-in.ts';
import { createCdnPurger } from './cdn-purger.ts';

/** The request each purger sends, against a local stand-in of the CDN's endpoint. */
let cdn: Awaited<ReturnType<typeof startPurgeStandIn>>;
beforeAll(async () => {
  cdn = await startPurgeStandIn();
});
afterAll(() => cdn?.close());

describe('CDN purgers', () => {
  it('a generic purge URL gets a JSON POST of the tags, with the bearer token when one is set', async () => {
    cdn.answerWith(() => ({ status: 204, body: '' }));
    await createCdnPurger({ kind: 'http', url: `${cdn.url}/purge`, token: 'purge-secret' }).purge(['store-a']);
    await createCdnPurger({ kind: 'http', url: `${cdn.url}/purge`, token: null }).purge(['store-b']);
    expect(cdn.requests.slice(-2)).toEqual([
      { method: 'POST', path: '/purge', authorization: 'Bearer purge-secret', contentType: 'application/json', body: { tags: ['store-a'] } },
      { method: 'POST', path: '/purge', authorization: undefined, contentType: 'application/json', body: { tags: ['store-b'] } },
    ]);
  });

  it('a refused purge throws with the status, so the job retries it', async () => {
    cdn.answerWith(() => ({ status: 502, body: { error: 'bad gateway' } }));
    await expect(createCdnPurger({ kind: 'http', url: `${cdn.url}/purge`, token: null }).purge(['store-a'])).rejects.toThrow('purge URL answered 502');
  });

  it("Cloudflare: a 200 saying success false is a failure too", async () => {
    const purger = createCdnPurger({ kind: 'cloudflare', zoneId: 'f'.repeat(32), apiToken: 'cf', apiUrl: cdn.url });
    cdn.answerWith(() => ({ status: 200, body: { success: false, errors: [{ code: 1134, message: 'Invalid tag' }] } }));
    await expect(purger.purge(['store-a'])).rejects.toThrow('Cloudflare refused the purge');
    cdn.answerWith(() => ({ status: 200, body: { success: true } }));
    await expect(purger.purge(['store-a'])).resolves.toBeUndefined();
    expect(cdn.requests.at(-1)).toMatchObject({ path: `/client/v4/zones/${'f'.repeat(32)}/purge_cache`, authorization: 'Bearer cf', body: { tags: ['store-a'] } });
  });

  it('none sends nothing', async () => {
    const before = cdn.requests.length;
    await createCdnPurger({ kind: 'none' }).purge(['store-a']);
    expect(cdn.requests.length).toBe(before);
  });
});
