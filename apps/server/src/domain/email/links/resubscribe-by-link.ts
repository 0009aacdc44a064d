import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers, emailCampaignRecipients, emailWebhookEvents } from '#src/db/schema/index.ts';
import { optBackIn } from '../consent/opt-back-in.ts';
import type { LinkRecipient } from './record-link-event.ts';

/** How long after unsubscribing through a campaign's link its page offers "Resubscribe". */
export const RESUBSCRIBE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the unsubscribe page may still offer to undo this recipient's unsubscribe. */
export function canResubscribe(recipient: Pick<LinkRecipient, 'unsubscribedAt'>, now: Date): boolean {
  return recipient.unsubscribedAt !== null && now.getTime() - recipient.unsubscribedAt.getTime() <= RESUBSCRIBE_WINDOW_MS;
}

/**
 * "Unsubscribed by mistake? Resubscribe" on the page the unsubscribe just showed: the same link,
 * sent to this address, undoes its own unsubscribe — for a day only, so an old forwarded email
 * cannot sign anyone back up (after that only the owner opts back in: members area, or the
 * confirmation email). The customer opts back in (`optBackIn`: never past a bounce or a
 * complaint), and the recipient row forgets its unsubscribe so the link can unsubscribe again
 * (`recordEmailEvent` applies the event id `unsubscribe:<recipient>` once). False when too late.
 */
export async function resubscribeByLink(db: Database, options: { recipient: LinkRecipient; now: Date }): Promise<boolean> {
  const { recipient, now } = options;
  if (!canResubscribe(recipient, now)) return false;
  const email = recipient.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, storeId: customers.storeId, email: customers.email })
      .from(customers)
      .where(and(eq(customers.storeId, recipient.storeId), eq(customers.email, email)))
      .for('update');
    if (customer) await optBackIn(tx, customer, now);
    await tx.delete(emailWebhookEvents).where(eq(emailWebhookEvents.eventId, `unsubscribe:${recipient.recipientId}`));
    await tx
      .update(emailCampaignRecipients)
      .set({ unsubscribedAt: null })
      .where(and(eq(emailCampaignRecipients.id, recipient.recipientId), eq(emailCampaignRecipients.storeId, recipient.storeId)));
  });
  return true;
}
