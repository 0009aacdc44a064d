import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsCounters } from '#src/analytics/analytics-buffer.ts';
import type { Database } from '#src/db/client.ts';
import type { MirrorState } from '#src/regions/mirror-monitor.ts';
import type { PageCacheReport } from '#src/storefront/storefront-service.ts';

export const READY_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process answers (no database). `/readyz`: the database answers `select 1`.
 * `/healthz/analytics`: this server's analytics ingest counters (docs/analytics.md "Counters").
 * `/healthz/page-cache`: this server's storefront page cache, its byte bound and hit rate.
 * On a server with a mirror, `/readyz` also reports the replication state and where visitor reads
 * go; a mirror that is down or behind does not make the server unready (reads use the primary).
 * A cluster worker (WEB_CONCURRENCY > 1) is ready only while every worker is: `cluster` is what
 * its primary last said, and the answer names it as `workers`.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    analytics?: () => AnalyticsCounters;
    pageCache?: () => PageCacheReport;
    region?: string;
    replication?: () => MirrorState;
    cluster?: () => { ready: number; total: number };
  },
): Promise<void> {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  const { analytics } = options;
  if (analytics) app.get('/healthz/analytics', async (_request, reply) => reply.header('cache-control', 'no-store').send(analytics()));
  const { pageCache } = options;
  if (pageCache) app.get('/healthz/page-cache', async (_request, reply) => reply.header('cache-control', 'no-store').send(pageCache()));

  app.get('/readyz', async (request, reply) => {
    const workers = options.cluster?.();
    const everyWorker = !workers || (workers.total > 0 && workers.ready === workers.total);
    const ready =
      everyWorker &&
      (await databaseAnswers(options.db, READY_TIMEOUT_MS).catch((error: unknown) => {
        request.log.warn({ err: error }, 'readiness check failed');
        return false;
      }));
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'unavailable',
        ...(options.region ? { region: options.region } : {}),
        ...(options.replication ? { replication: options.replication() } : {}),
        ...(workers ? { workers } : {}),
      });
  });
}

async function databaseAnswers(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
