import type { CreatorBooking } from '@shopfront/core';

/** A confirmed, paid booking as listBookings answers it; tests change what they need. */
export function testBooking(overrides: Partial<CreatorBooking> = {}): CreatorBooking {
  return {
    id: 'bkg_1',
    productId: 'prd_call',
    productTitle: 'Strategy call',
    status: 'confirmed',
    // Tuesday 8 December 2026, 09:00–09:30 in Berlin; 03:00 in New York.
    startsAt: '2026-12-08T08:00:00.000Z',
    endsAt: '2026-12-08T08:30:00.000Z',
    buyerName: 'Ana Buyer',
    buyerEmail: 'ana@example.com',
    buyerTimeZone: 'America/New_York',
    answers: [{ questionId: 'q1', label: 'What should we talk about?', answer: 'Pricing my mugs' }],
    location: { kind: 'video-url', value: 'https://meet.example.com/room' },
    orderId: 'ord_1',
    amountCents: 5000,
    refundedCents: 0,
    currency: 'usd',
    testMode: false,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}
