import { newId } from '../db/ids.ts';
import { emailCampaignRecipients, emailCampaigns } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

export interface SentRecipient {
  id: string;
  email: string;
  messageId: string;
  providerMessageId: string;
}

/**
 * A sent campaign of `storeId` with `count` recipients already marked sent (as the sending engine
 * leaves them), for webhook and complaint-rate tests. Addresses are `r<n>@<domain>`.
 */
export async function insertSentCampaign(
  t: Pick<TestApp, 'db'>,
  storeId: string,
  count: number,
  options: { domain?: string; sentAt?: Date } = {},
): Promise<{ campaignId: string; recipients: SentRecipient[] }> {
  const campaignId = newId('cmp');
  const sentAt = options.sentAt ?? new Date();
  const domain = options.domain ?? 'example.com';
  await t.db.insert(emailCampaigns).values({ id: campaignId, storeId, subject: 'News', body: [], status: 'sent', recipientCount: count });
  const recipients = Array.from({ length: count }, (_, index) => {
    const id = newId('rcp');
    return { id, email: `r${index}@${domain}`, messageId: `<${id}@shopfront.test>`, providerMessageId: `em-${id}` };
  });
  for (let start = 0; start < recipients.length; start += 500) {
    await t.db.insert(emailCampaignRecipients).values(
      recipients.slice(start, start + 500).map((r, offset) => ({
        ...r,
        campaignId,
        storeId,
        status: 'sent' as const,
        // One millisecond apart, so "the last 1,000 sends" is well defined.
        sentAt: new Date(sentAt.getTime() - (start + offset)),
      })),
    );
  }
  return { campaignId, recipients };
}
