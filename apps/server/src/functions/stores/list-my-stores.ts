import { findCreatorStores } from '#src/domain/stores/find-creator-stores.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listMyStores: Handler<'listMyStores'> = (_input, ctx) => findCreatorStores(ctx.db, creatorId(ctx));
