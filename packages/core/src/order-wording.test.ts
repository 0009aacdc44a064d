import { describe, expect, it } from 'vitest';
import { isFreeOrder, ORDER_WORDING, orderWording } from './order-wording.ts';

describe('order wording', () => {
  it('words a free item as claimed and a paid one as purchased', () => {
    expect(orderWording({ amountCents: 0 })).toBe(ORDER_WORDING.free);
    expect(orderWording({ amountCents: 0, productType: 'lead-magnet' }).dateLabel).toBe('Claimed');
    expect(orderWording({ amountCents: 1, productType: 'digital' }).dateLabel).toBe('Purchased');
    expect(isFreeOrder({ amountCents: 1500 })).toBe(false);
  });

  it('keeps purchase words out of the free texts', () => {
    for (const text of Object.values(ORDER_WORDING.free)) expect(text).not.toMatch(/purchase|receipt/i);
  });
});
