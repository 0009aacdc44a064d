import { previewContactImport as previewInDb } from '#src/domain/email/audience/preview-contact-import.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const previewContactImport: Handler<'previewContactImport'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return previewInDb(ctx.db, { storeId: store.id, csv: input.csv });
};
