import type { AnalyticsEventType } from '#src/analytics/analytics-event.ts';

/** One event ready for `writeAnalyticsEvents`: nothing in it can identify a person. */
export interface AnalyticsEventRow {
  occurredAt: Date;
  storeId: string;
  /** The store-local day of `occurredAt` (the daily rollup's day). */
  localDay: string;
  type: AnalyticsEventType;
  /** The daily visitor hash; null when the event has no visitor (a purchase from a checkout made without one). */
  visitor: bigint | null;
  /**
   * The day the visitor hash belongs to (its salt's day, the visit row's key). The same as
   * `localDay` except for a purchase paid on a later day than its checkout started.
   */
  visitDay: string | null;
  productId: string | null;
  linkId: string | null;
  page: string | null;
  orderId: string | null;
  revenueCents: number | null;
  /** The source and client columns: used only when the event opens a new visit (its entry source). */
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  country: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
}

/** A server-side event (checkout started, purchase, signup): it joins its visit's source. */
export function serverEventRow(
  event: Pick<AnalyticsEventRow, 'occurredAt' | 'storeId' | 'localDay' | 'type' | 'visitor' | 'visitDay'> & Partial<AnalyticsEventRow>,
): AnalyticsEventRow {
  return {
    productId: null,
    linkId: null,
    page: null,
    orderId: null,
    revenueCents: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    country: null,
    device: null,
    browser: null,
    os: null,
    ...event,
  };
}
