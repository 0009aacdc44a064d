import { PassThrough } from 'node:stream';
import { isAppError, type StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import { getOwnedStore, storeNotFound } from '#src/domain/stores/get-owned-store.ts';
import { getStoreDraft } from '#src/domain/stores/get-store-draft.ts';
import { toStoreProfile } from '#src/domain/stores/store-profile.ts';
import { createDraftEventsHub } from './store-preview-events-hub.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';

export const PREVIEW_HEARTBEAT_MS = 25_000;

export interface PreviewEventsOptions {
  db: Database;
  now: () => Date;
  heartbeatMs?: number;
}

interface StoreChannel {
  streams: Set<PassThrough>;
  unsubscribe: () => void;
  /** Settles once LISTEN is active for this store. */
  ready: Promise<void>;
  loading: boolean;
  dirty: boolean;
}

/**
 * The store builder's live preview: `GET /api/stores/:storeId/preview-events` streams `event: draft` with the
 * StoreProfile the preview should show (the draft, or the published profile once there is none)
 * whenever it changes, from any tab or server (PostgreSQL NOTIFY). Owner only; anyone else gets
 * the 404 of a store that does not exist. One database read per change per store, however many
 * tabs watch it.
 */
export async function storePreviewEventsRoutes(app: FastifyInstance, options: PreviewEventsOptions): Promise<void> {
  const { db } = options;
  const hub = createDraftEventsHub({ db, log: app.log });
  const channels = new Map<string, StoreChannel>();

  const broadcast = (channel: StoreChannel, profile: StoreProfile | null) => {
    for (const stream of channel.streams) {
      if (profile) stream.write(draftEvent(profile));
      else stream.end(); // the store is gone
    }
  };

  // Loads run one at a time per store; a change during a load triggers one more, so the last
  // event sent is always the newest state.
  const refresh = (storeId: string) => {
    const channel = channels.get(storeId);
    if (!channel) return;
    if (channel.loading) {
      channel.dirty = true;
      return;
    }
    channel.loading = true;
    void (async () => {
      try {
        do {
          channel.dirty = false;
          broadcast(channel, await loadPreviewProfile(db, storeId));
        } while (channel.dirty);
      } catch (error) {
        app.log.warn({ err: error, storeId }, 'preview refresh failed');
      } finally {
        channel.loading = false;
      }
    })();
  };

  const joinChannel = async (storeId: string): Promise<StoreChannel> => {
    for (;;) {
      let channel = channels.get(storeId);
      if (!channel) {
        const created: StoreChannel = {
          streams: new Set(),
          unsubscribe: () => undefined,
          ready: Promise.resolve(),
          loading: false,
          dirty: false,
        };
        created.ready = hub.subscribe(storeId, () => refresh(storeId)).then((unsubscribe) => {
          created.unsubscribe = unsubscribe;
        });
        channels.set(storeId, created);
        channel = created;
      }
      try {
        await channel.ready;
      } catch (error) {
        if (channels.get(storeId) === channel) channels.delete(storeId);
        throw error;
      }
      // The last viewer may have left while we waited; then start a fresh channel.
      if (channels.get(storeId) === channel) return channel;
    }
  };

  app.addHook('preClose', async () => {
    for (const channel of channels.values()) for (const stream of channel.streams) stream.end();
  });
  app.addHook('onClose', () => hub.close());

  app.get<{ Params: { storeId: string } }>('/api/stores/:storeId/preview-events', async (request, reply) => {
    // A disabled account's refusal reads like any other stranger's; a database failure stays a 503.
    const caller = await resolveCaller(request, { db, now: options.now }).catch((error: unknown) => {
      if (isAppError(error)) return null;
      throw error;
    });
    if (caller?.kind !== 'creator') throw storeNotFound();
    const store = await getOwnedStore(db, { storeId: request.params.storeId, userId: caller.userId });

    const channel = await joinChannel(store.id);
    const stream = new PassThrough();
    // The viewer may leave during any await below, and leaving ends the stream: a write after that
    // would be an unhandled 'error' event, which ends the whole process.
    const send = (chunk: string) => {
      if (!stream.writableEnded) stream.write(chunk);
    };
    channel.streams.add(stream);
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs ?? PREVIEW_HEARTBEAT_MS);
    const leave = () => {
      clearInterval(heartbeat);
      stream.end();
      channel.streams.delete(stream);
      if (channel.streams.size === 0 && channels.get(store.id) === channel) {
        channels.delete(store.id);
        void channel.ready.then(() => channel.unsubscribe(), () => undefined);
      }
    };
    reply.raw.on('close', leave);
    if (request.raw.socket.destroyed) leave();

    // LISTEN is active before this first event is written: a client that has read it misses nothing.
    send('retry: 3000\n\n');
    send(draftEvent((await getStoreDraft(db, store.id)) ?? toStoreProfile(store)));
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}

export function draftEvent(profile: StoreProfile): string {
  return `event: draft\ndata: ${JSON.stringify(profile)}\n\n`;
}

async function loadPreviewProfile(db: Database, storeId: string): Promise<StoreProfile | null> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) return null;
  return (await getStoreDraft(db, storeId)) ?? toStoreProfile(store);
}
