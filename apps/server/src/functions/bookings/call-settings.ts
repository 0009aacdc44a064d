// Exports getCallSettings and updateCallSettings: a call product's settings.
import { getCallSettingsView, saveCallSettings } from '#src/domain/bookings/creator/call-settings.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const getCallSettings: Handler<'getCallSettings'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return getCallSettingsView(ctx.db, { storeId: store.id, productId: input.productId, now: ctx.now() });
};

export const updateCallSettings: Handler<'updateCallSettings'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return saveCallSettings(ctx.db, { storeId: store.id, productId: input.productId, settings: input.settings, now: ctx.now() });
};
