import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { affiliatePayoutsCsv } from '#src/domain/affiliates/affiliate-payouts-csv.ts';
import { getOwnedStore, storeNotFound } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '#src/functions/assert-feature-enabled.ts';
import type { FunctionContext } from '#src/functions/types.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';

export interface AffiliatePayoutExportOptions {
  db: Database;
  now: () => Date;
  featureFlags: FunctionContext['featureFlags'];
}

/**
 * `GET /api/stores/:storeId/affiliate-payouts.csv`: the creator's payout run (one row per
 * affiliate and currency with a payable balance), owner only like the other exports, behind the
 * affiliateProgram flag. Never readable cross-origin: the CORS headers are taken off this reply.
 */
export async function affiliatePayoutExportRoutes(app: FastifyInstance, options: AffiliatePayoutExportOptions): Promise<void> {
  const { db } = options;
  app.get<{ Params: { storeId: string } }>('/api/stores/:storeId/affiliate-payouts.csv', {
    onSend: async (_request, reply, payload) => {
      reply.removeHeader('access-control-allow-origin');
      reply.removeHeader('access-control-allow-credentials');
      return payload;
    },
    handler: async (request, reply) => {
      const caller = await resolveCaller(request, { db, now: options.now });
      if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
      if (caller.kind !== 'creator') throw storeNotFound();
      await assertFeatureEnabled(options, 'affiliateProgram');
      const store = await getOwnedStore(db, { storeId: request.params.storeId, userId: caller.userId });
      const now = options.now();
      const csv = await affiliatePayoutsCsv(db, { storeId: store.id, now });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="affiliate-payouts-${store.slug}-${now.toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  });
}
