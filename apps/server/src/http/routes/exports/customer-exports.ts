import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { customersCsv } from '#src/domain/customers/customers-csv.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';

export interface CustomerExportOptions {
  db: Database;
  now: () => Date;
}

/**
 * `GET /api/stores/:storeId/customers.csv`: the store's customers as a CSV download,
 * owner only (another creator's store answers like a missing one), formula cells neutralised.
 */
export async function customerExportRoutes(app: FastifyInstance, options: CustomerExportOptions): Promise<void> {
  const { db } = options;
  app.get<{ Params: { storeId: string } }>('/api/stores/:storeId/customers.csv', async (request, reply) => {
    const caller = await resolveCaller(request, { db, now: options.now });
    if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    if (caller.kind !== 'creator') throw new AppError('permission-denied', MESSAGES.generic.permissionDenied);
    const store = await getOwnedStore(db, { storeId: request.params.storeId, userId: caller.userId });
    const csv = await customersCsv(db, store);
    const date = options.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="customers-${store.slug}-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
