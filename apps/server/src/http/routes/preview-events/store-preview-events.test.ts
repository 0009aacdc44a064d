import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { StoreProfile } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { createStoreAs, sampleProfile } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { callFunction, cookieHeader } from '#src/testing/call-function.ts';

interface SseEvent {
  event: string;
  data: string;
}

interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next `event:`/`data:` block; comments and `retry:` are skipped. */
  next(): Promise<SseEvent>;
  text(): Promise<string>;
  cancel(): void;
}

/**
 * A streaming GET over its own socket (agent: false), closed by cancel(). fetch() was not used:
 * after a cancelled body it opens a spare keep-alive socket that holds the server's close open.
 */
function openStream(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      let buffer = '';
      let ended = false;
      const waiters: (() => void)[] = [];
      const wake = () => waiters.splice(0).forEach((wakeUp) => wakeUp());
      response.on('data', (chunk: string) => {
        buffer += chunk;
        wake();
      });
      response.on('end', () => {
        ended = true;
        wake();
      });
      const waitForData = () => new Promise<void>((resume) => waiters.push(resume));
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        async next() {
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const event = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (event && data !== undefined) return { event, data };
              continue;
            }
            if (ended) throw new Error('stream ended');
            await waitForData();
          }
        },
        async text() {
          while (!ended) await waitForData();
          return buffer;
        },
        cancel: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe('GET /api/stores/:storeId/preview-events (live preview over SSE)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let base: string;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A second server on the same database: a save there must reach a stream here (NOTIFY).
    other = await buildApp({ env: t.env, db: t.db });
    await other.ready();
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'live-shop', { storeName: 'Live' })).id;
    strangerStore = (await createStoreAs(t, stranger, 'stranger-shop')).id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const open = (id: string, headers: Record<string, string>) => openStream(`${base}/api/stores/${id}/preview-events`, headers);

  it('sends the current profile, then a draft event for a save made through another server', async () => {
    const events = await open(storeId, owner.headers);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.headers['cache-control']).toBe('no-store');
    try {
      const first = await events.next();
      expect(first.event).toBe('draft');
      expect((JSON.parse(first.data) as StoreProfile).name).toBe('Live');

      const edited = sampleProfile({ name: 'Live, edited elsewhere' });
      const saved = await callFunction(other, 'saveStoreDraft', { storeId, profile: edited }, { as: owner });
      expect(saved.statusCode).toBe(200);
      const pushed = await events.next();
      expect(pushed.event).toBe('draft');
      expect(JSON.parse(pushed.data)).toEqual(edited);

      // Discarding the draft pushes the published profile back.
      expect((await callFunction(t.app, 'discardStoreDraft', { storeId }, { as: owner })).statusCode).toBe(200);
      expect((JSON.parse((await events.next()).data) as StoreProfile).name).toBe('Live');
    } finally {
      events.cancel();
    }
  });

  it('keeps serving when viewers leave before their stream starts (no write after the end)', async () => {
    const { port } = new URL(base);
    const request = [`GET /api/stores/${storeId}/preview-events HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(owner.headers).map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n');
    // Each request is sent and its socket closed at once: the handler finds the viewer gone while it awaits the database.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1', () => socket.end(request, () => socket.destroy()));
          socket.on('close', () => resolve());
          socket.on('error', reject);
        }),
      ),
    );
    const events = await open(storeId, owner.headers);
    expect(events.status).toBe(200);
    expect((await events.next()).event).toBe('draft');
    events.cancel();
  });

  it('works with the session cookie (EventSource sends cookies, not headers)', async () => {
    const events = await open(storeId, cookieHeader(owner.token));
    expect(events.status).toBe(200);
    expect((await events.next()).event).toBe('draft');
    events.cancel();
  });

  it('shares one LISTEN connection per process, however many streams are open', async () => {
    const readers = await Promise.all([open(storeId, owner.headers), open(storeId, owner.headers), open(strangerStore, stranger.headers)]);
    try {
      await Promise.all(readers.map((reader) => reader.next()));
      const result = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'shopfront-preview-listen'`,
      );
      expect(result.rows[0]?.n).toBe(1);
    } finally {
      for (const reader of readers) reader.cancel();
    }
  });

  it('answers a foreign store, a missing store and an anonymous caller with the same 404', async () => {
    const foreign = await open(strangerStore, owner.headers);
    const missing = await open('store_doesnotexist00000', owner.headers);
    const anonymous = await open(storeId, {});
    // An event-stream request gets its error as one SSE event (callable-reply.ts).
    const bodies = await Promise.all([foreign, missing, anonymous].map(async (r) => ({ status: r.status, body: await r.text() })));
    expect(bodies[0]).toEqual({ status: 404, body: `data: ${JSON.stringify({ error: { status: 'NOT_FOUND', message: 'Store not found' } })}\n\n` });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('does not push one store’s drafts to another store’s stream', async () => {
    const events = await open(strangerStore, stranger.headers);
    try {
      expect(JSON.parse((await events.next()).data).name).toBe('Store stranger-shop');
      await callFunction(t.app, 'saveStoreDraft', { storeId, profile: sampleProfile({ name: 'Not for strangers' }) }, { as: owner });
      await callFunction(t.app, 'saveStoreDraft', { storeId: strangerStore, profile: sampleProfile({ name: 'Stranger draft' }) }, { as: stranger });
      expect(JSON.parse((await events.next()).data).name).toBe('Stranger draft');
    } finally {
      events.cancel();
    }
  });

  it('ends open streams when the server shuts down (SIGTERM drain does not wait on them)', async () => {
    const third = await buildApp({ env: t.env, db: t.db });
    const address = await third.listen({ port: 0, host: '127.0.0.1' });
    const events = await openStream(`${address}/api/stores/${storeId}/preview-events`, owner.headers);
    expect((await events.next()).event).toBe('draft');
    await third.close();
    await expect(events.text()).resolves.toBe('');
  });
});
