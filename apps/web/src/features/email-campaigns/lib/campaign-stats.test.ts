import { describe, expect, it } from 'vitest';
import { testStats } from '../campaign-fixtures.ts';
import { statLines } from './campaign-stats.ts';

const rates = (stats: Parameters<typeof statLines>[0]) => Object.fromEntries(statLines(stats).map((line) => [line.key, line.rate]));

describe('campaign rates', () => {
  it('takes opens, clicks, complaints and unsubscribes of delivered when deliveries are reported', () => {
    expect(rates(testStats({ recipients: 10, sent: 10, delivered: 8, opened: 4, unsubscribed: 1 }))).toMatchObject({
      sent: '100.0% of recipients',
      delivered: '80.0% of sent',
      opened: '50.0% of delivered',
      unsubscribed: '12.5% of delivered',
    });
  });

  it('takes them of sent when the provider reports no deliveries (outbox, SMTP), and never divides by zero', () => {
    expect(rates(testStats({ recipients: 2, sent: 2, delivered: 0, unsubscribed: 1 }))).toMatchObject({ opened: '0.0% of sent', unsubscribed: '50.0% of sent' });
    expect(rates(testStats())).toMatchObject({ sent: '0.0% of recipients', bounced: '0.0% of sent', failed: '0.0% of recipients' });
  });

  it('reports no delivered number when the provider never reports deliveries', () => {
    const lines = statLines(testStats({ recipients: 4, sent: 4, delivered: 0, opened: 1 }), { deliveryReported: false });
    expect(lines.find((line) => line.key === 'delivered')).toEqual({ key: 'delivered', label: 'Delivered', value: null, rate: 'Your email provider does not report deliveries' });
    expect(lines.find((line) => line.key === 'opened')?.rate).toBe('25.0% of sent');
  });
});
