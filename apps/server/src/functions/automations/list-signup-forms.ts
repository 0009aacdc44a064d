import { findSignupForms } from '#src/domain/automations/signup-forms.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listSignupForms: Handler<'listSignupForms'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { forms: await findSignupForms(ctx.db, store.id) };
};
