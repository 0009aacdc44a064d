import { EMAIL_LIMITS } from '@shopfront/core';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Transaction } from '#src/db/executor.ts';
import { customers, emailCampaignRecipients, emailSuppressions, emailWebhookEvents, storeEmailSettings, stores, users } from '#src/db/schema/index.ts';
import type { SuppressionReason } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { sendingPausedEmail } from '#src/providers/email/templates/sending-paused.ts';
import { complaintRate, type ComplaintRate } from './complaint-rate.ts';
import type { EmailEventKind } from './email-event-types.ts';

export interface EmailEventInput {
  storeId: string;
  /** The provider's event id; an id seen before is not applied again. */
  eventId: string;
  event: EmailEventKind;
  /** Our Message-ID (`<rcp_…@domain>`), when the event carries it. */
  messageId?: string | null | undefined;
  /** The provider's id for the message (smtp2go `email_id`), when the event carries it. */
  providerMessageId?: string | null | undefined;
  /** The recipient address the event is about. */
  email: string;
  at: Date;
  /** The app's public URL, for the settings link in the "sending paused" email. */
  publicUrl?: string | undefined;
}

export interface EmailEventResult {
  /** False when the event id was seen before (nothing changed). */
  applied: boolean;
  /** The recipient row the event matched, if any. */
  recipientId: string | null;
  /** True when this event paused the store's sending. */
  paused: boolean;
}

const TIMESTAMP_COLUMN = {
  delivered: 'deliveredAt',
  bounce: 'bouncedAt',
  spam: 'complainedAt',
  open: 'openedAt',
  click: 'clickedAt',
  unsubscribe: 'unsubscribedAt',
} as const satisfies Record<EmailEventKind, keyof typeof emailCampaignRecipients.$inferSelect>;

const SUPPRESSION_REASON: Partial<Record<EmailEventKind, SuppressionReason>> = {
  bounce: 'bounced',
  spam: 'complained',
  unsubscribe: 'unsubscribed',
};

/**
 * Applies one delivery event (smtp2go webhook, or our own open/click/unsubscribe links) in one
 * transaction: records the event id (a repeat does nothing), stamps the recipient row the first
 * time, suppresses the address for the store on a bounce, spam complaint or unsubscribe, and on a
 * complaint pauses the store once its complaint rate passes 0.3% of its last 1,000 sends, telling
 * the creator by email.
 */
export async function recordEmailEvent(db: Database, input: EmailEventInput): Promise<EmailEventResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(emailWebhookEvents)
      .values({ eventId: input.eventId, storeId: input.storeId, event: input.event })
      .onConflictDoNothing()
      .returning({ eventId: emailWebhookEvents.eventId });
    if (!fresh) return { applied: false, recipientId: null, paused: false };

    const email = input.email.trim().toLowerCase();
    const recipientId = await stampRecipient(tx, input);
    const campaignId = recipientId ? await campaignOf(tx, recipientId) : null;

    const reason = SUPPRESSION_REASON[input.event];
    if (reason && email) {
      await tx.insert(emailSuppressions).values({ storeId: input.storeId, email, reason, campaignId }).onConflictDoNothing();
    }
    if (input.event === 'unsubscribe' && email) {
      // The recipient used the provider's own unsubscribe link: the same as ours.
      await tx
        .update(customers)
        .set({ marketingConsent: false, marketingWithdrawnAt: sql`coalesce(${customers.marketingWithdrawnAt}, ${input.at})` })
        .where(and(eq(customers.storeId, input.storeId), eq(customers.email, email)));
    }
    const paused = input.event === 'spam' ? await pauseIfComplaintsExceeded(tx, input) : false;
    return { applied: true, recipientId, paused };
  });
}

async function stampRecipient(tx: Transaction, input: EmailEventInput): Promise<string | null> {
  const matches: SQL[] = [];
  if (input.messageId) matches.push(eq(emailCampaignRecipients.messageId, input.messageId));
  if (input.providerMessageId) matches.push(eq(emailCampaignRecipients.providerMessageId, input.providerMessageId));
  if (matches.length === 0) return null;
  const column = emailCampaignRecipients[TIMESTAMP_COLUMN[input.event]];
  const [row] = await tx
    .update(emailCampaignRecipients)
    .set({ [TIMESTAMP_COLUMN[input.event]]: sql`coalesce(${column}, ${input.at})` })
    .where(and(eq(emailCampaignRecipients.storeId, input.storeId), or(...matches)))
    .returning({ id: emailCampaignRecipients.id });
  return row?.id ?? null;
}

async function campaignOf(tx: Transaction, recipientId: string): Promise<string | null> {
  const [row] = await tx
    .select({ campaignId: emailCampaignRecipients.campaignId })
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.id, recipientId));
  return row?.campaignId ?? null;
}

async function pauseIfComplaintsExceeded(tx: Transaction, input: EmailEventInput): Promise<boolean> {
  // One complaint check per store at a time: two complaints committing together would each count
  // only its own (READ COMMITTED), and neither would see the rate pass the threshold.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-complaints:${input.storeId}`}, 0))`);
  const measured = await complaintRate(tx, input.storeId);
  if (!measured.exceeded) return false;
  const reason = pausedReason(measured);
  await tx.insert(storeEmailSettings).values({ storeId: input.storeId }).onConflictDoNothing();
  const [paused] = await tx
    .update(storeEmailSettings)
    .set({ pausedAt: input.at, pausedReason: reason, updatedAt: input.at })
    .where(and(eq(storeEmailSettings.storeId, input.storeId), isNull(storeEmailSettings.pausedAt)))
    .returning({ storeId: storeEmailSettings.storeId });
  if (!paused) return false;

  const [owner] = await tx
    .select({ storeName: stores.name, email: users.email })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.creatorId))
    .where(eq(stores.id, input.storeId));
  if (owner) {
    const settingsUrl = input.publicUrl ? `${input.publicUrl}/dashboard/settings#email` : undefined;
    const rendered = sendingPausedEmail({ storeName: owner.storeName, reason, settingsUrl });
    await enqueueEmail(tx, { to: owner.email, ...rendered, tags: ['email-sending-paused'] }, {
      idempotencyKey: `email-paused:${input.storeId}:${input.at.toISOString()}`,
    });
  }
  return true;
}

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`;

/** What Settings › Email and the creator's email say, quoting the threshold. */
function pausedReason({ complaints, rate }: ComplaintRate): string {
  const threshold = percent(EMAIL_LIMITS.complaintRateMax);
  const window = EMAIL_LIMITS.complaintWindow.toLocaleString('en-US');
  const people = complaints === 1 ? '1 person' : `${complaints} people`;
  return `Email sending is paused because ${people} marked your emails as spam: ${percent(rate)} of your last ${window} emails. ` +
    `Sending pauses when spam complaints pass ${threshold} of your last ${window} emails, to protect your store's sender reputation.`;
}
