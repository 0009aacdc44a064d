import { getSaleNotifications as readSetting } from '#src/domain/notifications/get-sale-notifications.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getSaleNotifications: Handler<'getSaleNotifications'> = (input, ctx) =>
  readSetting(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
