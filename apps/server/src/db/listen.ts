import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface Listener {
  /** Resolves once LISTEN is active (at once if it is); rejects if the current attempt fails. */
  whenListening(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** A connection string, or the settings of an existing pool (same server and user). */
  connection: string | pg.ClientConfig;
  /** Channel names: plain identifiers only (they are written into LISTEN statements). */
  channels: readonly string[];
  log: Pick<Logger, 'warn'>;
  /** Shown in pg_stat_activity and in log lines. */
  name: string;
  onNotify(channel: string, payload: string): void;
  /**
   * Called after every (re)connection: notifications sent while we were not listening are lost,
   * so callers catch up here (poll for jobs, drop cached pages…).
   */
  onConnected?(): void;
  /** Called when an established LISTEN connection is lost: notifications may be missed from now on. */
  onDisconnected?(): void;
}

/**
 * Reconnect backoff: 1 s, 2 s, 4 s, then every 5 s. A short ceiling, because while LISTEN is down
 * the storefront cache is bypassed and jobs wait for the poll; a LISTEN attempt against a database
 * that is still down costs one refused connection. Jitter keeps a fleet from reconnecting in step.
 */
const RECONNECT_MS = { first: 1_000, max: 5_000 } as const;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN over a dedicated connection (a pooled one would be handed to queries), reconnecting
 * with backoff when it drops. Shared by the job runner and the storefront and preview caches.
 */
export function listenToChannels(options: ListenOptions): Listener {
  const { connection, channels, log, name, onNotify, onConnected, onDisconnected } = options;
  for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs: number = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;
  let waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const settleWaiters = (error?: unknown) => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  };

  async function connect(): Promise<void> {
    const settings = typeof connection === 'string' ? { connectionString: connection } : connection;
    const next = new pg.Client({ connectionTimeoutMillis: 3_000, ...settings, application_name: name });
    next.on('notification', (message) => onNotify(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      log.warn({ err: error, listener: name }, 'LISTEN connection lost');
      void next.end().catch(() => undefined);
      if (client === next) {
        client = null;
        onDisconnected?.();
      }
      reconnectLater();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      log.warn({ err: error, listener: name }, 'LISTEN connection failed; retrying');
      settleWaiters(error);
      reconnectLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MS.first;
    settleWaiters();
    onConnected?.();
  }

  function reconnectLater(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs * (0.8 + Math.random() * 0.4));
    retryTimer.unref();
    retryMs = Math.min(RECONNECT_MS.max, retryMs * 2);
  }

  void connect();
  return {
    whenListening() {
      if (client) return Promise.resolve();
      if (closed) return Promise.reject(new Error(`${name} is closed`));
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async close() {
      closed = true;
      settleWaiters(new Error(`${name} is closed`));
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The settings of a Drizzle database's pool, for a LISTEN connection to the same server. */
export function listenConnectionOf(db: object): pg.ClientConfig {
  const { connectionString, host, port, user, password, database, ssl } = (db as { $client: pg.Pool }).$client.options;
  return { connectionString, host, port, user, password, database, ssl };
}
