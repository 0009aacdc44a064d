// Exports listBookings and exportBookingsCsv: the dashboard's list and its CSV.
import { exportBookingsCsv as exportCsv, listStoreBookings } from '#src/domain/bookings/creator/list-bookings.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const listBookings: Handler<'listBookings'> = async (input, ctx) => {
  const { storeId, page, ...filter } = input;
  return listStoreBookings(ctx.db, await ownedStore(ctx, storeId), { ...filter, now: ctx.now() }, page);
};

export const exportBookingsCsv: Handler<'exportBookingsCsv'> = async (input, ctx) => {
  const { storeId, ...filter } = input;
  return exportCsv(ctx.db, await ownedStore(ctx, storeId), { ...filter, now: ctx.now() });
};
