import type { AffiliateCommission, AffiliateStatus } from '@shopfront/core';
import { formatDate } from './format.ts';

export type Tone = 'green' | 'amber' | 'slate' | 'red' | 'sky';

/** What each status is called: the words carry it, the colour only repeats them. */
export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Awaiting approval', tone: 'amber' },
  active: { label: 'Active', tone: 'green' },
  paused: { label: 'Paused', tone: 'slate' },
  removed: { label: 'Removed', tone: 'red' },
};

/** Pending until the end of the holding period, then Payable, then Paid; Cancelled when refunds left nothing. */
export function commissionStatusLabel(commission: Pick<AffiliateCommission, 'status' | 'holdUntil'>): { label: string; tone: Tone } {
  switch (commission.status) {
    case 'pending':
      return { label: `Pending until ${formatDate(commission.holdUntil)}`, tone: 'amber' };
    case 'payable':
      return { label: 'Payable', tone: 'sky' };
    case 'paid':
      return { label: 'Paid', tone: 'green' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'slate' };
  }
}
