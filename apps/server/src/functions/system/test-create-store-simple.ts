import { createDevStore } from '#src/domain/stores/create-dev-store.ts';
import type { Handler } from '../types.ts';

/** Spec §7 testCreateStoreSimple (development only): seeds a store through the front door. */
export const testCreateStoreSimple: Handler<'testCreateStoreSimple'> = (input, ctx) =>
  createDevStore({ db: ctx.db, now: ctx.now(), ...input });
