import type { HandlerRegistry } from '../types.ts';
import { getSaleNotifications } from './get-sale-notifications.ts';
import { updateSaleNotifications } from './update-sale-notifications.ts';

/** The notification settings handlers; ../index.ts spreads them into the registry. */
export const notificationHandlers = {
  getSaleNotifications,
  updateSaleNotifications,
} satisfies Partial<HandlerRegistry>;
