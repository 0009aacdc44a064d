import type { HandlerRegistry } from '../types.ts';
import { getOrder } from './get-order.ts';
import { listOrders } from './list-orders.ts';
import { refundOrder } from './refund-order.ts';

/** Issue 5 handlers of this area; the registry in ../index.ts spreads them in. */
export const orderHandlers = { listOrders, getOrder, refundOrder } satisfies Partial<HandlerRegistry>;
