import { subscribeToStoreEmail as subscribeInDb } from '#src/domain/website/subscribe-to-store-email.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import type { Handler } from '../types.ts';

export const subscribeToStoreEmail: Handler<'subscribeToStoreEmail'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return subscribeInDb({ db: ctx.db, storeId: input.storeId, email: input.email, name: input.name, ip: ctx.request.ip, now: ctx.now() });
};
