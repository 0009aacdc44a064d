import { AppError, listOrders, MESSAGES } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { ordersCsvStream } from '#src/domain/orders/orders-csv-stream.ts';
import type { Env } from '#src/env.ts';
import { noCrossOriginRead, ownedStoreForExport } from './private-export.ts';

export interface OrderExportOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

const QuerySchema = listOrders.input.pick({ from: true, to: true, status: true }).strip();

/**
 * `GET /api/stores/:storeId/orders.csv?from&to&status`: the sales page's orders as a CSV
 * download, owner only (another creator's store, or a customer session, answers like a missing
 * store). Never readable cross-origin: the CORS headers are taken off this reply.
 */
export async function orderExportRoutes(app: FastifyInstance, options: OrderExportOptions): Promise<void> {
  const { db } = options;
  app.get<{ Params: { storeId: string }; Querystring: Record<string, string> }>('/api/stores/:storeId/orders.csv', {
    onSend: noCrossOriginRead,
    handler: async (request, reply) => {
      const { store } = await ownedStoreForExport(request, options);
      const query = QuerySchema.safeParse(emptyAsMissing(request.query));
      if (!query.success) throw new AppError('invalid-argument', query.error.issues[0]?.message ?? MESSAGES.generic.invalidArgument);
      const csv = ordersCsvStream(db, { storeId: store.id, ...query.data });
      const date = options.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${store.slug}-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  });
}

/** `?from=&to=` from an empty form field means "no limit". */
function emptyAsMissing(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''));
}
