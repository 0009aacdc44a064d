import { importContacts as importInDb } from '#src/domain/email/audience/import-contacts.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const importContacts: Handler<'importContacts'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return importInDb(ctx.db, { storeId: store.id, csv: input.csv, consentConfirmed: input.consentConfirmed, importKey: input.importKey, now: ctx.now() });
};
