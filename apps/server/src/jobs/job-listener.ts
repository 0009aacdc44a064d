import pg from 'pg';
import type { Logger } from '../logger.ts';
import { JOBS_CHANNEL } from './enqueue-job.ts';

export interface JobListener {
  close(): Promise<void>;
}

const RECONNECT_MS = { first: 1_000, max: 30_000 } as const;

/**
 * LISTEN on the jobs channel over its own connection (a pooled one would be handed to queries).
 * If the connection drops it reconnects with backoff; meanwhile polling still finds every job.
 */
export function listenForJobs(options: { connectionString: string; log: Logger; onNotify: () => void }): JobListener {
  const { connectionString, log, onNotify } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs: number = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000, application_name: 'shopfront-jobs-listen' });
    next.on('notification', () => onNotify());
    next.on('error', (error) => {
      log.warn({ err: error }, 'jobs LISTEN connection lost');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      log.warn({ err: error }, 'jobs LISTEN connection failed; polling only until it is back');
      reconnectLater();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MS.first;
    onNotify(); // jobs enqueued while we were not listening
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
