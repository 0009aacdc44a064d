import { describe, expect, it } from 'vitest';
import { receiptEmail } from './receipt.ts';

const params = {
  productName: 'Ivy Prints',
  buyerName: 'Ada',
  productTitle: 'Poster <Pack>',
  amountText: '$25.00',
  orderId: 'ord_abc',
  accessUrl: 'https://shop.test/api/downloads/tok.sig',
  accessDays: 30,
  membersUrl: 'https://shop.test/ivy/members/signup',
};

describe('receipt email', () => {
  it('names the product and amount and carries the access and members links in both parts', () => {
    const email = receiptEmail(params);
    expect(email.subject).toBe('Your receipt for Poster <Pack>');
    for (const part of [email.text, email.html]) {
      expect(part).toContain(params.accessUrl);
      expect(part).toContain(params.membersUrl);
      expect(part).toContain('$25.00');
    }
    expect(email.html).toContain('Poster &lt;Pack&gt;');
    expect(email.html).not.toContain('<Pack>');
    expect(email.text).toContain('works for 30 days');
    expect(email.html).toContain('Sent by Ivy Prints');
  });

  it('words a free order as a download and refuses non-http links', () => {
    expect(receiptEmail({ ...params, amountText: 'Free' }).subject).toBe('Your Poster <Pack> from Ivy Prints');
    expect(() => receiptEmail({ ...params, accessUrl: 'javascript:alert(1)' })).toThrow('http(s)');
  });
});
