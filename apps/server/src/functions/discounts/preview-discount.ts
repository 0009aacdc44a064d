import { previewDiscount as previewInDb } from '#src/domain/discounts/preview-discount.ts';
import type { Handler } from '../types.ts';

export const previewDiscount: Handler<'previewDiscount'> = (input, ctx) => previewInDb(ctx.db, { ...input, now: ctx.now() });
