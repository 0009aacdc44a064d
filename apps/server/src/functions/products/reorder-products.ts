import { reorderProducts as reorderInDb } from '#src/domain/products/reorder-products.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const reorderProducts: Handler<'reorderProducts'> = (input, ctx) =>
  reorderInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
