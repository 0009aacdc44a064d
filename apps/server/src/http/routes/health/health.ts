import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsCounters } from '#src/analytics/analytics-buffer.ts';
import type { Database } from '#src/db/client.ts';
import type { MirrorState } from '#src/regions/mirror-monitor.ts';

export const READY_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process answers (no database). `/readyz`: the database answers `select 1`.
 * `/healthz/analytics`: this server's analytics ingest counters (docs/analytics.md "Counters").
 * On a server with a mirror, `/readyz` also reports the replication state and where visitor reads
 * go; a mirror that is down or behind does not make the server unready (reads use the primary).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { db: Database; analytics?: () => AnalyticsCounters; region?: string; replication?: () => MirrorState },
): Promise<void> {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  const { analytics } = options;
  if (analytics) app.get('/healthz/analytics', async (_request, reply) => reply.header('cache-control', 'no-store').send(analytics()));

  app.get('/readyz', async (request, reply) => {
    const ready = await databaseAnswers(options.db, READY_TIMEOUT_MS).catch((error: unknown) => {
      request.log.warn({ err: error }, 'readiness check failed');
      return false;
    });
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'unavailable',
        ...(options.region ? { region: options.region } : {}),
        ...(options.replication ? { replication: options.replication() } : {}),
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
