import { z } from 'zod';
import { isValidTimeZone } from './time-zone-names.ts';

export { DEFAULT_TIME_ZONE, formatInTimeZone, isValidTimeZone, supportedTimeZones } from './time-zone-names.ts';

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64, { error: TIME_ZONE_MESSAGE })
  .refine(isValidTimeZone, { error: TIME_ZONE_MESSAGE });

/**
 * The zone a visitor's browser reports with a signup or a checkout. Never refused: anything that
 * is not a zone this runtime knows becomes `undefined`, so a signup never fails over it.
 */
export const VisitorTimeZoneSchema = TimeZoneSchema.optional().catch(undefined);
