import type { EmailCampaign } from '@shopfront/core';
import { formatStoreTime } from './store-time.ts';

/** The one moment that matters for the campaign's status, in words, on the store's clock. */
export function campaignMoment(campaign: EmailCampaign, timeZone: string): string {
  const at = (iso: string | null) => formatStoreTime(iso, timeZone);
  switch (campaign.status) {
    case 'draft':
      return `Edited ${at(campaign.updatedAt)}`;
    case 'scheduled':
      return `Sends ${at(campaign.scheduledAt)}`;
    case 'sending':
      return `Started ${at(campaign.startedAt ?? campaign.scheduledAt)}`;
    case 'sent':
      return `Sent ${at(campaign.finishedAt ?? campaign.startedAt)}`;
    case 'failed':
      return `Failed ${at(campaign.finishedAt ?? campaign.updatedAt)}`;
    case 'cancelled':
      return `Cancelled ${at(campaign.finishedAt ?? campaign.updatedAt)}`;
  }
}
