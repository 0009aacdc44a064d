import { describe, expect, it } from 'vitest';
import type { AnalyticsEventRow } from './analytics-event-row.ts';
import { columnText, decodeRows, emptyEncodedEvents, encodeRows, pushEvent } from './encoded-events.ts';

const row = (i: number): AnalyticsEventRow => ({
  occurredAt: new Date(Date.UTC(2026, 10, 30, 12, 0, 0) + i * 1_000),
  storeId: 'store_abcdefghij0123456789',
  localDay: '2026-11-30',
  type: 'storefront_view',
  visitor: BigInt(i) * 1_000_003n,
  visitDay: '2026-11-30',
  productId: null,
  linkId: null,
  page: null,
  orderId: null,
  revenueCents: null,
  referrerHost: i % 2 ? 'instagram.com' : null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  country: 'GB',
  device: 'mobile',
  browser: 'Safari',
  os: 'iOS',
});

describe('encoded events', () => {
  it('keeps every row in order past the columns’ first room (256) and after they double', () => {
    const rows = Array.from({ length: 600 }, (_, i) => row(i));
    const encoded = encodeRows(rows);

    expect(encoded.count).toBe(600);
    expect(decodeRows(encoded)).toEqual(rows);
  });

  it('sends only the events pushed, not the columns’ spare room', () => {
    const encoded = emptyEncodedEvents(8);
    pushEvent(encoded, 5_000, 1);
    pushEvent(encoded, 5_250, 2);
    pushEvent(encoded, 5_100, 1);

    expect(encoded.base).toBe(5_000);
    expect(columnText(encoded, 'offsets')).toBe('0,250,100');
    expect(columnText(encoded, 'shape')).toBe('1,2,1');
  });

  it('grows from no room at all', () => {
    const encoded = emptyEncodedEvents(0);
    for (let i = 0; i < 20; i++) pushEvent(encoded, 1_000 + i, 1);

    expect(encoded.count).toBe(20);
    expect(columnText(encoded, 'offsets')).toBe(Array.from({ length: 20 }, (_, i) => i).join(','));
  });
});
