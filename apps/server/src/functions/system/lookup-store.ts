import { lookupStore as lookupStoreInDb } from '#src/domain/stores/lookup-store.ts';
import type { Handler } from '../types.ts';

/** A visitor's store lookup: from the region's mirror while it is healthy (docs/regions.md). */
export const lookupStore: Handler<'lookupStore'> = (input, ctx) => lookupStoreInDb({ db: ctx.storefront.visitorDb(), lookup: input });
