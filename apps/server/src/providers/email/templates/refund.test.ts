import { describe, expect, it } from 'vitest';
import { refundEmail } from './refund.ts';

const params = {
  productName: 'Ivy Prints',
  buyerName: 'Ada',
  productTitle: 'Poster <Pack>',
  refundedText: '$5.00',
  totalRefundedText: '$5.00',
  paidText: '$25.00',
  orderId: 'ord_abc',
  accessEnded: false,
};

describe('refund email', () => {
  it('states the amount refunded and that downloads keep working after a partial refund, in both parts', () => {
    const email = refundEmail(params);
    expect(email.subject).toBe('Refund of $5.00 for Poster <Pack>');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('$5.00');
      expect(part).toContain('Your downloads keep working');
      expect(part).not.toContain('no longer available');
    }
    expect(email.html).toContain('Poster &lt;Pack&gt;');
    expect(email.html).not.toContain('<Pack>');
  });

  it('says access ended when the refund completes the order, with the running total', () => {
    const email = refundEmail({ ...params, refundedText: '$20.00', totalRefundedText: '$25.00', accessEnded: true });
    for (const part of [email.text, email.html]) {
      expect(part).toContain('refunded $20.00');
      expect(part).toContain('In total, $25.00 of this order has been refunded.');
      expect(part).toContain('downloads are no longer available');
    }
  });
});
