import { membersUrl, storefrontUrl } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaignRecipients, stores } from '#src/db/schema/index.ts';
import { recordEmailEvent } from '#src/domain/email/account/record-email-event.ts';
import type { EmailLinkClaims } from './email-link-token.ts';

export interface LinkRecipient {
  recipientId: string;
  campaignId: string;
  storeId: string;
  storeName: string;
  /** The store's landing and members area on the platform, for the page's links. */
  storeUrl: string;
  membersUrl: string;
  email: string;
  unsubscribed: boolean;
  /** When this recipient unsubscribed through its link (null: not, or resubscribed since). */
  unsubscribedAt: Date | null;
}

const EVENT = { u: 'unsubscribe', c: 'click', o: 'open' } as const;

/**
 * The recipient a verified link token names — looked up by recipient id AND the token's store, so
 * a token can never act on another store's row — and, with `record`, its event applied through
 * `recordEmailEvent` under the id `<event>:<recipientId>` (a repeat changes nothing). Unsubscribe
 * sets the customer's consent off with `marketing_withdrawn_at`, suppresses the address for the
 * store and stamps the row's `unsubscribed_at`; click and open stamp their first time.
 */
export async function recordLinkEvent(
  db: Database,
  options: { claims: EmailLinkClaims; record: boolean; now: Date; publicUrl: string },
): Promise<LinkRecipient | null> {
  const { claims } = options;
  const [row] = await db
    .select({
      recipientId: emailCampaignRecipients.id,
      campaignId: emailCampaignRecipients.campaignId,
      storeId: emailCampaignRecipients.storeId,
      storeName: stores.name,
      storeSlug: stores.slug,
      email: emailCampaignRecipients.email,
      messageId: emailCampaignRecipients.messageId,
      unsubscribedAt: emailCampaignRecipients.unsubscribedAt,
      openedAt: emailCampaignRecipients.openedAt,
    })
    .from(emailCampaignRecipients)
    .innerJoin(stores, eq(stores.id, emailCampaignRecipients.storeId))
    .where(and(eq(emailCampaignRecipients.id, claims.recipientId), eq(emailCampaignRecipients.storeId, claims.storeId)));
  if (!row) return null;
  const seen = claims.kind === 'o' && row.openedAt !== null;
  if (options.record && !seen) {
    const event = EVENT[claims.kind];
    await recordEmailEvent(db, {
      storeId: row.storeId,
      eventId: `${event}:${row.recipientId}`,
      event,
      messageId: row.messageId,
      email: row.email,
      at: options.now,
      publicUrl: options.publicUrl,
    });
  }
  const unsubscribed = row.unsubscribedAt !== null || (options.record && claims.kind === 'u');
  const store = { slug: row.storeSlug };
  return {
    recipientId: row.recipientId,
    campaignId: row.campaignId,
    storeId: row.storeId,
    storeName: row.storeName,
    storeUrl: storefrontUrl(store, { origin: options.publicUrl }),
    membersUrl: membersUrl(store, { origin: options.publicUrl }),
    email: row.email,
    unsubscribed,
    unsubscribedAt: row.unsubscribedAt ?? (unsubscribed ? options.now : null),
  };
}
