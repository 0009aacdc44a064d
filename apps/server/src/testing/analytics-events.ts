import type { RawAnalyticsEvent } from '#src/analytics/analytics-event.ts';
import { serverEventRow, type AnalyticsEventRow } from '#src/domain/analytics/ingest/analytics-event-row.ts';

export const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A British address in the bundled GeoLite2 data. */
export const UK_IP = '81.2.69.142';

/** A recorded tuple as the request path makes it; a human on Chrome from the UK unless overridden. */
export function rawEvent(overrides: Partial<RawAnalyticsEvent> & Pick<RawAnalyticsEvent, 'storeId'>): RawAnalyticsEvent {
  return {
    at: Date.parse('2026-11-26T12:00:00Z'),
    type: 'storefront_view',
    productId: null,
    linkId: null,
    page: null,
    ip: UK_IP,
    userAgent: CHROME_UA,
    referrer: '',
    query: '',
    host: 'localhost:3000',
    ...overrides,
  };
}

/** A storefront view ready for `writeAnalyticsEvents`, by one visitor, on the UTC day of `iso`. */
export function storefrontViewRow(storeId: string, iso: string, visitor = 1n): AnalyticsEventRow {
  const day = iso.slice(0, 10);
  return serverEventRow({ occurredAt: new Date(iso), storeId, localDay: day, type: 'storefront_view', visitor, visitDay: day });
}
