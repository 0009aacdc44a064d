import { subscribeToStoreEmail as subscribeInDb } from '#src/domain/website/subscribe-to-store-email.ts';
import type { Handler } from '../types.ts';

/**
 * A visitor's signup on a published page: not behind the websiteBuilder flag, which switches off
 * building, not the sites already live (decision 028).
 */
export const subscribeToStoreEmail: Handler<'subscribeToStoreEmail'> = async (input, ctx) =>
  subscribeInDb({ db: ctx.db, storeId: input.storeId, email: input.email, name: input.name, timeZone: input.timeZone, form: input.form, ip: ctx.request.ip, now: ctx.now() });
