import { updateSaleNotifications as writeSetting } from '#src/domain/notifications/update-sale-notifications.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateSaleNotifications: Handler<'updateSaleNotifications'> = (input, ctx) =>
  writeSetting(ctx.db, { storeId: input.storeId, userId: creatorId(ctx), saleNotifications: input.saleNotifications, now: ctx.now() });
