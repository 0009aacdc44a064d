// Exports which reads the callable endpoint may keep (KEPT_ANSWERS, KeptAnswerSpec) and which calls may write (mayWrite):
// one module because a kept answer is dropped by the writes of its creator.
import type { KeptAnswerStore } from '#src/db/schema/index.ts';
import { localDayOf } from '#src/domain/analytics/queries/local-time.ts';

/**
 * A read whose answer the callable endpoint may keep in memory per store (http/callable/answer-cache.ts):
 * it is made only of rows whose every write notifies `dashboard_changed` (migration 0029: products,
 * files, bundle lines, email campaigns, the store row and, for `analytics`, the rollups), of rows
 * whose every write changes the store's counter rows (`counters`: orders, customers, refunds, order
 * lines, downloads; migrations 0027 and 0030) and of what `variant` names. The endpoint keeps it only after the
 * caller's ownership of `input.storeId` was checked, under that store's id.
 */
export interface KeptAnswerSpec {
  scope: 'store' | 'analytics';
  /**
   * Made of the counters kept on write (orders, customers, paid sales): those change with every
   * checkout, which sends no notification (decision 040), so the answer is kept with the versions
   * of the store's counter rows read with the caller's session, and holds only while they match.
   */
  counters: boolean;
  /**
   * Everything besides the store's rows that the answer depends on (its input, the store's day,
   * its time zone): the store's key is read fresh with each call's session, so an answer kept under
   * an old zone is never found again even before the store's change notification arrives.
   */
  variant(input: Record<string, unknown>, store: KeptAnswerStore, now: Date): string;
}

export const KEPT_ANSWERS: ReadonlyMap<string, KeptAnswerSpec> = new Map<string, KeptAnswerSpec>([
  ['listProducts', { scope: 'store', counters: true, variant: (input) => (input.includeArchived ? 'all' : 'live') }],
  ['getStoreStats', { scope: 'store', counters: true, variant: () => '' }],
  // Orders, customers and what their pages show (refunds, lines, downloads) write the counter rows
  // (migrations 0027 and 0030), so the versions read with the session say when these change.
  // A date-only range is days on the store's wall clock (domain/orders/order-range.ts).
  ['listOrders', { scope: 'store', counters: true, variant: (input, store) => JSON.stringify([input.cursor, input.limit, input.from, input.to, input.status, store.timeZone]) }],
  ['searchStoreCustomers', { scope: 'store', counters: true, variant: (input) => JSON.stringify([input.query, input.limit]) }],
  // Its days are the store's local days up to today: the same input answers differently tomorrow.
  [
    'getAnalyticsOverview',
    { scope: 'analytics', counters: false, variant: (input, store, now) => `${JSON.stringify([input.period, input.from, input.to, store.timeZone])}|${localDayOf(now, store.timeZone)}` },
  ],
]);

/**
 * Functions that change nothing a kept answer is made of; any other call by a creator drops that
 * creator's kept answers on this server when it ends, so the creator sees their own change at once.
 */
const READ_ONLY = /^(get|list|search|count|check|preview|lookup)[A-Z]/;
export const mayWrite = (name: string): boolean => !READ_ONLY.test(name);
