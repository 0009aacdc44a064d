/** Every analytics event type (docs/analytics.md "Events"). */
export const ANALYTICS_EVENT_TYPES = [
  'storefront_view',
  'product_view',
  'page_view',
  'link_click',
  'checkout_started',
  'purchase',
  'members_signup',
  /** A payment plan's later instalment paid (decision 047): revenue of its order, not another sale. */
  'plan_instalment',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** The page views a served page stands for. */
export type PageViewType = Extract<AnalyticsEventType, 'storefront_view' | 'product_view' | 'page_view'>;

/** What a cached published page records when a visitor is served it (kept beside the body). */
export interface PageView {
  type: PageViewType;
  /** Set on a product page. */
  productId: string | null;
  /** A website page's slug. */
  page: string | null;
}

/**
 * An event as the request path records it: a cheap tuple, parsed only at flush time (hashing,
 * the user agent, the country, the referrer host and the UTM values). The IP address and the user
 * agent live only in memory, until the flush turns them into the day's visitor hash.
 */
export interface RawAnalyticsEvent {
  /** Milliseconds since the epoch. */
  at: number;
  storeId: string;
  type: AnalyticsEventType;
  productId: string | null;
  linkId: string | null;
  page: string | null;
  ip: string;
  userAgent: string;
  /** The Referer header of a served page, or document.referrer of a beacon's first page; '' when none. */
  referrer: string;
  /** The page URL's query string (without `?`), for the UTM values; '' when none. */
  query: string;
  /** The host the page was served on: a referrer on it is internal navigation. */
  host: string;
}
