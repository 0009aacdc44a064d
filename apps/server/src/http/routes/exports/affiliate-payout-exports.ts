import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { affiliatePayoutsCsv } from '#src/domain/affiliates/affiliate-payouts-csv.ts';
import { assertFeatureEnabled } from '#src/functions/assert-feature-enabled.ts';
import type { FunctionContext } from '#src/functions/types.ts';
import { noCrossOriginRead, ownedStoreForExport } from './private-export.ts';

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
    onSend: noCrossOriginRead,
    handler: async (request, reply) => {
      const { store } = await ownedStoreForExport(request, options);
      await assertFeatureEnabled(options, 'affiliateProgram');
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
