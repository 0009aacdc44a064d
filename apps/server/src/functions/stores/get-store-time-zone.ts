import { getStoreTimeZone as readSetting } from '#src/domain/stores/get-store-time-zone.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStoreTimeZone: Handler<'getStoreTimeZone'> = (input, ctx) => readSetting(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
