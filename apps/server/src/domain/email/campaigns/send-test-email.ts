import type { Database } from '#src/db/client.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import { getCampaignOfStore } from './campaign-query.ts';
import { sendCreatorTestEmail } from './send-creator-test-email.ts';

interface TestSendOptions {
  store: StoreRow;
  campaignId: string;
  /** The signed-in creator's own address: a test never goes anywhere else. */
  to: string;
  platformFrom: string;
  publicUrl: string;
  now: Date;
}

/** Sends the saved campaign once to the creator under the shared test-send rules (see sendCreatorTestEmail). */
export async function sendTestEmail(db: Database, options: TestSendOptions): Promise<{ sentTo: string }> {
  const { campaignId, ...rest } = options;
  const campaign = await getCampaignOfStore(db, { storeId: options.store.id, campaignId });
  return sendCreatorTestEmail(db, { ...rest, limitId: campaign.id, fields: campaign });
}
