import { updateMemberEmailPreferences as updateInDb } from '#src/domain/email/audience/member-email-preferences.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const updateMemberEmailPreferences: Handler<'updateMemberEmailPreferences'> = (input, ctx) =>
  updateInDb(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), marketingConsent: input.marketingConsent, now: ctx.now() });
