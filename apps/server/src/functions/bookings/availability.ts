// Exports the availability handlers: weekly hours, date overrides and holidays of the caller's store.
import * as availability from '#src/domain/bookings/creator/availability-views.ts';
import { deleteStoreHoliday } from '#src/domain/bookings/set-availability.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const getAvailability: Handler<'getAvailability'> = async (input, ctx) => availability.getAvailabilityView(ctx.db, await ownedStore(ctx, input.storeId));

export const setAvailability: Handler<'setAvailability'> = async (input, ctx) =>
  availability.saveAvailability(ctx.db, await ownedStore(ctx, input.storeId), { timeZone: input.timeZone, weeklyHours: input.weeklyHours, now: ctx.now() });

export const listAvailabilityOverrides: Handler<'listAvailabilityOverrides'> = async (input, ctx) =>
  availability.listOverrides(ctx.db, await ownedStore(ctx, input.storeId), { from: input.from, now: ctx.now() });

export const setAvailabilityOverride: Handler<'setAvailabilityOverride'> = async (input, ctx) =>
  availability.saveOverride(ctx.db, await ownedStore(ctx, input.storeId), { date: input.date, hours: input.hours, now: ctx.now() });

export const deleteAvailabilityOverride: Handler<'deleteAvailabilityOverride'> = async (input, ctx) =>
  availability.deleteOverride(ctx.db, await ownedStore(ctx, input.storeId), { date: input.date, now: ctx.now() });

export const listHolidays: Handler<'listHolidays'> = async (input, ctx) => availability.listHolidays(ctx.db, await ownedStore(ctx, input.storeId), ctx.now());

export const addHoliday: Handler<'addHoliday'> = async (input, ctx) =>
  availability.addHoliday(ctx.db, await ownedStore(ctx, input.storeId), { name: input.name, startsOn: input.startsOn, endsOn: input.endsOn });

export const deleteHoliday: Handler<'deleteHoliday'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await deleteStoreHoliday(ctx.db, { storeId: store.id, holidayId: input.holidayId });
  return { deleted: true as const };
};
