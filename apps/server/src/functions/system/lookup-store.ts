import { lookupStore as lookupStoreInDb } from '#src/domain/stores/lookup-store.ts';
import type { Handler } from '../types.ts';

export const lookupStore: Handler<'lookupStore'> = (input, ctx) => lookupStoreInDb({ db: ctx.db, lookup: input });
