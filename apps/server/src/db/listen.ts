import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  /** Channel names: plain identifiers only (they are written into LISTEN statements). */
  channels: readonly string[];
  log: Logger;
  /** Shown in pg_stat_activity and in log lines. */
  name: string;
  onNotify(channel: string, payload: string): void;
  /**
   * Called after every (re)connection: notifications sent while we were not listening are lost,
   * so callers catch up here (poll for jobs, drop cached pages…).
   */
  onConnected?(): void;
}

const RECONNECT_MS = { first: 1_000, max: 30_000 } as const;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN over a dedicated connection (a pooled one would be handed to queries), reconnecting
 * with backoff when it drops. Shared by the job runner and the storefront and preview caches.
 */
export function listenToChannels(options: ListenOptions): Listener {
  const { connectionString, channels, log, name, onNotify, onConnected } = options;
  for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs: number = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, application_name: name });
    next.on('notification', (message) => onNotify(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      log.warn({ err: error, listener: name }, 'LISTEN connection lost');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      reconnectLater();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      log.warn({ err: error, listener: name }, 'LISTEN connection failed; retrying');
      reconnectLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MS.first;
    onConnected?.();
  }

  function reconnectLater(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(RECONNECT_MS.max, retryMs * 2);
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
