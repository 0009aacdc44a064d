import { updateStoreTimeZone as writeSetting } from '#src/domain/stores/update-store-time-zone.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateStoreTimeZone: Handler<'updateStoreTimeZone'> = (input, ctx) =>
  writeSetting(ctx.db, { storeId: input.storeId, userId: creatorId(ctx), timeZone: input.timeZone, now: ctx.now() });
