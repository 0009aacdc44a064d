import type { CampaignStats } from '@shopfront/core';

export interface StatLine {
  key: keyof CampaignStats;
  label: string;
  /** null: the provider never reports this number (deliveries without smtp2go). */
  value: number | null;
  /** "42.0% of delivered", a note when the value is not reported, or null for the base numbers. */
  rate: string | null;
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%');

export const NOT_REPORTED = { value: 'Not reported', note: 'Your email provider does not report deliveries' } as const;

/**
 * Each number of a campaign with the rate people expect beside it (opens of delivered, bounces of
 * sent…). Only smtp2go reports deliveries (core `reportsDeliveries`); with the outbox or SMTP
 * "delivered" is not reported rather than 0, and the rates that would be of delivered are of sent
 * instead (and say so). `deliveryReported` unknown (settings not loaded) shows the numbers as they are.
 */
export function statLines(stats: CampaignStats, { deliveryReported = true }: { deliveryReported?: boolean } = {}): StatLine[] {
  const of = (key: keyof CampaignStats, base: 'recipients' | 'sent' | 'delivered') => `${percent(stats[key], stats[base])} of ${base}`;
  const engaged = deliveryReported && stats.delivered > 0 ? 'delivered' : 'sent';
  return [
    { key: 'recipients', label: 'Recipients', value: stats.recipients, rate: null },
    { key: 'sent', label: 'Sent', value: stats.sent, rate: of('sent', 'recipients') },
    deliveryReported
      ? { key: 'delivered', label: 'Delivered', value: stats.delivered, rate: of('delivered', 'sent') }
      : { key: 'delivered', label: 'Delivered', value: null, rate: NOT_REPORTED.note },
    { key: 'opened', label: 'Opened', value: stats.opened, rate: of('opened', engaged) },
    { key: 'clicked', label: 'Clicked', value: stats.clicked, rate: of('clicked', engaged) },
    { key: 'bounced', label: 'Bounced', value: stats.bounced, rate: of('bounced', 'sent') },
    { key: 'complained', label: 'Complained', value: stats.complained, rate: of('complained', engaged) },
    { key: 'unsubscribed', label: 'Unsubscribed', value: stats.unsubscribed, rate: of('unsubscribed', engaged) },
    { key: 'failed', label: 'Failed', value: stats.failed, rate: of('failed', 'recipients') },
  ];
}
