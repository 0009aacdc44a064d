import { describe, expect, it } from 'vitest';
import { CHROME_UA, IPHONE_UA, rawEvent, UK_IP } from '../testing/analytics-events.ts';
import { analyticsBatchOf, createAnalyticsBatch, type AnalyticsBatch } from './analytics-batch.ts';
import type { PageView } from './analytics-event.ts';

const STORE = 'store_abcdefghij0123456789';
const OTHER = 'store_zyxwvutsrq9876543210';
const HOME: PageView = { type: 'storefront_view', productId: null, page: null };

/** Every event's value of one column, in order. */
const column = <T>(batch: AnalyticsBatch, read: (i: number) => T): T[] => Array.from({ length: batch.length }, (_, i) => read(i));

describe('a recorded batch', () => {
  it('keeps one visitor per store, address and user agent, and tells every other apart', () => {
    const batch = createAnalyticsBatch();
    batch.push(1, STORE, HOME, UK_IP, CHROME_UA, '', '', 'shop.example');
    batch.push(2, STORE, HOME, UK_IP, CHROME_UA, 'https://news.example.org/', 'utm_source=mail', 'shop.example');
    batch.push(3, STORE, HOME, UK_IP, IPHONE_UA, '', '', 'shop.example');
    batch.push(4, STORE, HOME, '8.8.8.8', CHROME_UA, '', '', 'shop.example');
    batch.push(5, OTHER, HOME, UK_IP, CHROME_UA, '', '', 'shop.example');
    // The same request strings again, as new string objects: the same visitor and context.
    batch.push(6, STORE, HOME, `${UK_IP}`, [CHROME_UA].join(''), '', '', 'shop.example');

    expect(batch.length).toBe(6);
    expect(column(batch, batch.time)).toEqual([1, 2, 3, 4, 5, 6]);
    const [first, sameVisitor, otherAgent, otherAddress, otherStore, again] = column(batch, batch.context).map((context) => context.visitor);
    expect(sameVisitor).toBe(first);
    expect(again).toBe(first);
    expect(new Set([first, otherAgent, otherAddress, otherStore]).size).toBe(4);
    expect(otherStore).toMatchObject({ storeId: OTHER, ip: UK_IP, userAgent: CHROME_UA });
    // One visitor, two request contexts: the newsletter visit keeps its own referrer and query.
    expect(batch.context(1)).not.toBe(batch.context(0));
    expect(batch.context(5)).toBe(batch.context(0));
    expect(batch.context(1)).toMatchObject({ referrer: 'https://news.example.org/', query: 'utm_source=mail', host: 'shop.example' });
    batch.push(7, STORE, HOME, UK_IP, CHROME_UA, 'https://news.example.org/', 'utm_source=mail', 'shop.example');
    batch.push(8, STORE, HOME, UK_IP, IPHONE_UA, '', '', 'shop.example');
    expect(batch.context(6)).toBe(batch.context(1));
    expect(batch.context(7)).toBe(batch.context(2));
    expect([...batch.storeIds()]).toEqual([STORE, OTHER]);
  });

  it('keeps the view tag it is given, and interns whole events by their target', () => {
    const batch = analyticsBatchOf([
      rawEvent({ storeId: STORE, type: 'link_click', linkId: 'l1' }),
      rawEvent({ storeId: STORE, type: 'link_click', linkId: 'l2' }),
      rawEvent({ storeId: STORE, type: 'link_click', linkId: 'l1' }),
      rawEvent({ storeId: STORE, type: 'product_view', productId: 'prd_a' }),
    ]);
    expect(batch.target(2)).toBe(batch.target(0));
    expect(batch.target(1)).not.toBe(batch.target(0));
    expect(column(batch, batch.target).map((target) => [target.type, target.productId, target.linkId, target.page])).toEqual([
      ['link_click', null, 'l1', null],
      ['link_click', null, 'l2', null],
      ['link_click', null, 'l1', null],
      ['product_view', 'prd_a', null, null],
    ]);
    const views = createAnalyticsBatch();
    views.push(1, STORE, HOME, UK_IP, CHROME_UA, '', '', 'shop.example');
    expect(views.target(0)).toBe(HOME);
  });

  it('keeps every event in order past the room a new batch starts with (1,024 events) and after it doubles', () => {
    const batch = createAnalyticsBatch();
    const PRODUCT: PageView = { type: 'product_view', productId: 'prd_a', page: null };
    const agents = [CHROME_UA, IPHONE_UA, 'curl/8.0'];
    for (let i = 0; i < 2_500; i++) batch.push(1_000 + i, STORE, i % 2 ? PRODUCT : HOME, UK_IP, agents[i % 3]!, '', `n=${i % 5}`, 'shop.example');

    expect(batch.length).toBe(2_500);
    for (const i of [0, 1_023, 1_024, 1_025, 2_047, 2_048, 2_499]) {
      expect(batch.time(i)).toBe(1_000 + i);
      expect(batch.target(i)).toBe(i % 2 ? PRODUCT : HOME);
      expect(batch.context(i)).toMatchObject({ query: `n=${i % 5}`, visitor: { userAgent: agents[i % 3] } });
    }
    // Three visitors, five queries each: fifteen contexts, each one object for all its events.
    expect(new Set(column(batch, batch.context)).size).toBe(15);
    expect(batch.context(2_499)).toBe(batch.context(2_499 - 15));
  });
});
