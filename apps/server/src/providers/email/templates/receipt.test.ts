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

  it('words a paid order as a purchase', () => {
    const email = receiptEmail(params);
    expect(email.text).toContain('Thank you for your purchase');
    expect(email.text).toContain('keep all your purchases');
  });

  it('words a free order as a free download, never a purchase or a receipt', () => {
    const email = receiptEmail({ ...params, amountText: 'Free', free: true });
    expect(email.subject).toBe('Your free download: Poster <Pack>');
    expect(email.text).toContain('Here’s your free download');
    expect(email.html).toContain('Here’s your free download');
    for (const part of [email.subject, email.text, email.html]) expect(part).not.toMatch(/purchase|receipt/i);
  });

  it('refuses non-http links', () => {
    expect(() => receiptEmail({ ...params, accessUrl: 'javascript:alert(1)' })).toThrow('http(s)');
  });
});
