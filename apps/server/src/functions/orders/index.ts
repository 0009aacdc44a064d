import type { HandlerRegistry } from '../types.ts';
import { getOrder } from './get-order.ts';
import { listOrders } from './list-orders.ts';
import { refundOrder } from './refund-order.ts';

/** The orders handlers; ../index.ts spreads them into the registry. */
export const orderHandlers = { listOrders, getOrder, refundOrder } satisfies Partial<HandlerRegistry>;
