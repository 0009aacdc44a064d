import { z } from 'zod';
import { StoreIdSchema } from '../schemas/text.ts';
import { TimeZoneSchema } from '../time-zone.ts';
import { defineFunction } from './define.ts';

/** The store's IANA time zone: its sales days (ranges, CSV) and, later, analytics follow it. */
const StoreTimeZoneSchema = z.object({ timeZone: z.string() });

export const getStoreTimeZone = defineFunction({
  name: 'getStoreTimeZone',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: StoreTimeZoneSchema,
});

export const updateStoreTimeZone = defineFunction({
  name: 'updateStoreTimeZone',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, timeZone: TimeZoneSchema }).strict(),
  output: StoreTimeZoneSchema,
});
