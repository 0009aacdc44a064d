import type { HandlerRegistry } from '../types.ts';
import { getDownloadLimit } from './get-download-limit.ts';
import { getOrder } from './get-order.ts';
import { listOrders } from './list-orders.ts';
import { refundOrder } from './refund-order.ts';
import { setDownloadLimit } from './set-download-limit.ts';

/** The orders handlers (with the per-order download limit); ../index.ts spreads them into the registry. */
export const orderHandlers = { listOrders, getOrder, refundOrder, getDownloadLimit, setDownloadLimit } satisfies Partial<HandlerRegistry>;
