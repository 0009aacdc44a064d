import { getMemberEmailPreferences as readInDb } from '#src/domain/email/audience/member-email-preferences.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const getMemberEmailPreferences: Handler<'getMemberEmailPreferences'> = (input, ctx) =>
  readInDb(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId) });
