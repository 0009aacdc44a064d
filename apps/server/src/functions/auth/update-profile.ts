import { updateProfile as update } from '#src/domain/auth/update-profile.ts';
import type { Handler } from '../types.ts';
import { creatorId } from './creator-id.ts';

export const updateProfile: Handler<'updateProfile'> = (input, ctx) =>
  update({ db: ctx.db, userId: creatorId(ctx), changes: input, now: ctx.now() });
