import { contracts, MESSAGES } from '@shopfront/core';
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#src/db/schema/index.ts';
import { KEPT_ANSWERS } from '#src/functions/kept-answers.ts';
import { COMPRESS_MIN_BYTES } from '#src/http/compress-answers.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { CALLABLE_MESSAGES } from './callable.ts';

/**
 * Kept dashboard reads answered on the raw request, before Fastify (kept-read-lane.ts): a hit is
 * answered with the same status, bytes and headers as the endpoint's; a miss and every refusal go
 * to the endpoint, with the body the lane read replayed, and answer as they always did.
 */
describe('the kept-read lane', () => {
  let t: TestApp;
  let base: string;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStoreId: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'lane-store')).id;
    strangerStoreId = (await createStoreAs(t, stranger, 'lane-other')).id;
    // Enough products for an answer over 1 KB, so it is kept with its brotli and gzip forms too.
    for (const title of ['Presets', 'Guide', 'Brushes', 'Fonts', 'Templates']) await createProductAs(t, owner, storeId, { title: `${title} bundle` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const answered = () => t.app.keptReadLane!.answered();
  /** POST /fn/{name} over the socket; `?via=endpoint` makes the lane step aside (Fastify routes the path alike). */
  const post = (name: string, data: unknown, headers: Record<string, string> = {}, via = '') =>
    fetch(`${base}/fn/${name}${via}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, ...headers },
      body: typeof data === 'string' ? data : JSON.stringify({ data }),
    });
  const headersOf = (response: Response) => {
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  };

  it('answers a kept hit itself, with the bytes and headers the endpoint sends', async () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['getStoreStats', { storeId }, {}],
      ['listProducts', { storeId }, {}],
      ['listProducts', { storeId }, { 'accept-encoding': 'br' }],
      ['listProducts', { storeId }, { origin: TEST_PUBLIC_URL, 'accept-encoding': 'gzip' }],
      ['listOrders', { storeId, limit: 10 }, { origin: TEST_PUBLIC_URL }],
    ];
    for (const [name, data, headers] of cases) {
      await post(name, data, headers); // fills the kept answer (or finds it)
      const before = answered();
      const lane = await post(name, data, headers);
      expect(answered(), name).toBe(before + 1);
      const endpoint = await post(name, data, headers, '?via=endpoint');
      expect(answered(), name).toBe(before + 1);
      expect(lane.status).toBe(200);
      expect(headersOf(lane)).toEqual(headersOf(endpoint));
      expect(Buffer.from(await lane.arrayBuffer())).toEqual(Buffer.from(await endpoint.arrayBuffer()));
    }
    // fetch decodes what it is sent: the header says it went as brotli, the body reads as the JSON.
    const compressed = await post('listProducts', { storeId }, { 'accept-encoding': 'br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const titles = ((await compressed.json()) as { result: { products: { title: string }[] } }).result.products.map((p) => p.title);
    expect(titles).toHaveLength(5);
    expect(titles).toContain('Fonts bundle');
  });

  it("answers getCurrentUser from the session's row, as the endpoint does, and leaves a signed-out call to it", async () => {
    for (const headers of [{}, { origin: TEST_PUBLIC_URL }] as Record<string, string>[]) {
      const before = answered();
      const lane = await post('getCurrentUser', {}, headers);
      expect(answered()).toBe(before + 1);
      const endpoint = await post('getCurrentUser', {}, headers, '?via=endpoint');
      expect(headersOf(lane)).toEqual(headersOf(endpoint));
      const body = (await lane.json()) as { result: { uid: string } };
      expect(body).toEqual(await endpoint.json());
      expect(body.result.uid).toBe(owner.userId);
    }
    const before = answered();
    const signedOut = await post('getCurrentUser', {}, { authorization: '' });
    expect([signedOut.status, await signedOut.json()]).toEqual([200, { result: null }]);
    expect(answered()).toBe(before);
  });

  it('sends getCurrentUser under 1 KB itself and leaves one of 1 KB or more to the endpoint, which compresses it', async () => {
    const sized = await signedInCreator(t);
    const asSized = { authorization: `Bearer ${sized.token}`, 'accept-encoding': 'br' };
    const answerBytes = async (via = '') => Buffer.byteLength(await (await post('getCurrentUser', {}, asSized, via)).text());
    const setPhoto = (length: number) => t.db.update(users).set({ photoUrl: `https://img.example.com/${'a'.repeat(length)}` }).where(eq(users.id, sized.userId));
    await setPhoto(0);
    const bare = await answerBytes('?via=endpoint');
    // The URL's characters go into the JSON as they are, one byte each.
    for (const [bytes, byLane] of [[COMPRESS_MIN_BYTES - 1, true], [COMPRESS_MIN_BYTES, false]] as const) {
      await setPhoto(bytes - bare);
      const before = answered();
      const response = await post('getCurrentUser', {}, asSized);
      expect(answered(), `${bytes} bytes`).toBe(byLane ? before + 1 : before);
      expect(response.headers.get('content-encoding')).toBe(byLane ? null : 'br');
      const body = (await response.json()) as { result: { uid: string; photoURL: string } };
      expect(Buffer.byteLength(JSON.stringify(body))).toBe(bytes);
      expect(body.result.uid).toBe(sized.userId);
    }
  });

  it('serves only creator calls, which every kept read is: its session statement reads no MFA state', () => {
    for (const name of KEPT_ANSWERS.keys()) expect(contracts[name as keyof typeof contracts].access, name).toBe('creator');
  });

  it('takes a body of up to 4 KB and leaves a longer one to the endpoint, which answers the same', async () => {
    const json = JSON.stringify({ data: { storeId } });
    await post('getStoreStats', json);
    const padded = (bytes: number) => `${json.slice(0, -1)}${' '.repeat(bytes - json.length)}}`;
    const before = answered();
    const atLimit = await post('getStoreStats', padded(4096));
    expect(answered()).toBe(before + 1);
    const overLimit = await post('getStoreStats', padded(4097));
    expect(answered()).toBe(before + 1);
    expect([atLimit.status, overLimit.status]).toEqual([200, 200]);
    expect(await overLimit.json()).toEqual(await atLimit.json());
  });

  it('leaves a miss to the endpoint, which reads the body the lane read', async () => {
    await post('listProducts', { storeId });
    // The creator's own write drops their kept answers on this server (callable.ts).
    await createProductAs(t, owner, storeId, { title: 'Stickers bundle' });
    const before = answered();
    const fresh = (await (await post('listProducts', { storeId })).json()) as { result: { products: { title: string }[] } };
    expect(answered()).toBe(before);
    expect(fresh.result.products.map((p) => p.title)).toContain('Stickers bundle');
    const again = (await (await post('listProducts', { storeId })).json()) as { result: { products: { title: string }[] } };
    expect(answered()).toBe(before + 1);
    expect(again).toEqual(fresh);
  });

  it("answers a kept hit only while the store's counter rows are the versions it was kept with", async () => {
    type Stats = { result: { customers: number } };
    const first = (await (await post('getStoreStats', { storeId })).json()) as Stats;
    const before = answered();
    expect(await (await post('getStoreStats', { storeId })).json()).toEqual(first);
    expect(answered()).toBe(before + 1);
    // A checkout on another server counts a customer: it drops nothing here and sends no notification.
    await t.db.execute(
      sql`insert into store_counters (store_id, shard, customers) values (${storeId}, 0, 1) on conflict (store_id, shard) do update set customers = store_counters.customers + 1`,
    );
    const counted = (await (await post('getStoreStats', { storeId })).json()) as Stats;
    expect(answered()).toBe(before + 1);
    expect(counted.result.customers).toBe(first.result.customers + 1);
    expect(await (await post('getStoreStats', { storeId })).json()).toEqual(counted);
    expect(answered()).toBe(before + 2);
  });

  it('leaves every refusal to the endpoint, with its status and message', async () => {
    await post('getStoreStats', { storeId }, { authorization: `Bearer ${stranger.token}` });
    const before = answered();
    const refusals: [Response, number, string][] = [
      [await post('getStoreStats', { storeId: strangerStoreId }), 404, MESSAGES.stores.notFound],
      [await post('getStoreStats', { storeId }, { authorization: `Bearer ${stranger.token}` }), 404, MESSAGES.stores.notFound],
      [await post('getStoreStats', { storeId }, { authorization: 'Bearer not-a-session' }), 401, MESSAGES.generic.unauthenticated],
      [await post('getStoreStats', '{"data":', {}), 400, CALLABLE_MESSAGES.notJson],
      [await post('getStoreStats', '{"data":{"storeId":"x"},"more":1}', {}), 400, CALLABLE_MESSAGES.shape],
      [await post('getStoreStats', { storeId: 42 }), 400, ''],
    ];
    for (const [response, status, message] of refusals) {
      const body = (await response.json()) as { error: { message: string } };
      expect(response.status, body.error.message).toBe(status);
      if (message) expect(body.error.message).toBe(message);
    }
    expect(answered()).toBe(before);
  });

  it('leaves a cross-origin caller, a streamed body and an event stream to the endpoint', async () => {
    await post('getStoreStats', { storeId });
    const before = answered();
    const foreign = await post('getStoreStats', { storeId }, { origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const streamed = await fetch(`${base}/fn/getStoreStats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: new Blob([JSON.stringify({ data: { storeId } })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(200);
    const events = await post('getStoreStats', { storeId }, { accept: 'text/event-stream' });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    expect(answered()).toBe(before);
    expect((await post('getStoreStats', { storeId })).status).toBe(200);
    expect(answered()).toBe(before + 1);
  });

  it("answers a body cut short with the server's 400, as on any route, and goes on answering others", async () => {
    await post('getStoreStats', { storeId });
    const before = answered();
    const { hostname, port } = new URL(base);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /fn/getStoreStats HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\n` +
            `authorization: Bearer ${owner.token}\r\ncontent-length: 200\r\n\r\n{"data":{"storeId":`,
        );
        socket.end();
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    // node:http answers a request whose body ends early with 400 (Fastify's clientError reply), before any handler.
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).not.toContain('"result"');
    expect(answered()).toBe(before);
    expect((await post('getStoreStats', { storeId })).status).toBe(200);
    expect(answered()).toBe(before + 1);
  });

  const expire = (who: TestCreator) => t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, who.userId));
  const disable = (who: TestCreator) => t.db.update(users).set({ isActive: false }).where(eq(users.id, who.userId));
  it.each([
    ['an expired session', 'lane-expiring', expire, 401, MESSAGES.generic.unauthenticated],
    ['a disabled account', 'lane-disabled', disable, 403, MESSAGES.auth.userDisabled],
  ] as const)('leaves %s to the endpoint, which refuses it and deletes its sessions', async (_, slug, change, status, message) => {
    const who = await signedInCreator(t);
    const ownStore = (await createStoreAs(t, who, slug)).id;
    const asWho = { authorization: `Bearer ${who.token}` };
    expect((await post('getStoreStats', { storeId: ownStore }, asWho)).status).toBe(200);
    await change(who);
    const before = answered();
    const refused = await post('getStoreStats', { storeId: ownStore }, asWho);
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([status, message]);
    expect(answered()).toBe(before);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, who.userId))).toEqual([]);
  });
});
