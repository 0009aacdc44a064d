import { setDownloadLimit as setProductDownloadLimit } from '#src/domain/delivery/set-download-limit.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setDownloadLimit: Handler<'setDownloadLimit'> = async (input, ctx) =>
  setProductDownloadLimit(ctx.db, { ...input, userId: creatorId(ctx), now: ctx.now() });
