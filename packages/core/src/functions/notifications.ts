import { z } from 'zod';
import { StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/**
 * How a store's creator hears about sales: an email for each sale (the default), one daily digest
 * of the previous day's sales (none when there were none), or nothing.
 */
export const SALE_NOTIFICATION_MODES = ['each', 'daily', 'off'] as const;
export type SaleNotificationMode = (typeof SALE_NOTIFICATION_MODES)[number];
export const SaleNotificationModeSchema = z.enum(SALE_NOTIFICATION_MODES);

/** The words Settings uses for each mode. */
export const SALE_NOTIFICATION_LABELS: Readonly<Record<SaleNotificationMode, { label: string; explanation: string }>> = Object.freeze({
  each: { label: 'Each sale', explanation: 'An email as soon as someone buys or claims a product.' },
  daily: { label: 'Daily digest', explanation: 'One email a day listing the previous day’s sales (UTC days). None on days without sales.' },
  off: { label: 'Off', explanation: 'No sale emails. Your sales stay on the Sales page.' },
});

const SaleNotificationsSchema = z.object({ saleNotifications: SaleNotificationModeSchema });

export const getSaleNotifications = defineFunction({
  name: 'getSaleNotifications',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: SaleNotificationsSchema,
});

export const updateSaleNotifications = defineFunction({
  name: 'updateSaleNotifications',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, saleNotifications: SaleNotificationModeSchema }).strict(),
  output: SaleNotificationsSchema,
});
