import { createCheckout as createInDb } from '#src/domain/checkout/create-checkout.ts';
import type { Handler } from '../types.ts';

export const createCheckout: Handler<'createCheckout'> = (input, ctx) =>
  createInDb({ db: ctx.db, env: ctx.env, now: ctx.now(), log: ctx.log }, input);
