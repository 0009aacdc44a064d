import { desc, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailOutbox } from '#src/db/schema/index.ts';
import { CAMPAIGN_TAG_PREFIX, campaignTag, MAILBOX_LIMITS, type MailboxMessage } from './debug-mailbox-store.ts';

/** The headers the campaign view shows, in this order; a missing one is null. */
export const CAMPAIGN_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post', 'Message-ID'] as const;
export type CampaignHeaders = Record<(typeof CAMPAIGN_HEADERS)[number], string | null>;

export interface MailboxCampaign {
  campaignId: string;
  /** Distinct recipient addresses (case-insensitive, with or without a display name). */
  recipientCount: number;
  /** Messages stored; more than `recipientCount` means someone got the campaign twice. */
  messageCount: number;
  lastAt: string;
}

export type CampaignMailboxMessage = Omit<MailboxMessage, 'headers' | 'attachments'> & { headers: CampaignHeaders };

/** The bare, lower-case address of a stored `to` (`Ada <Ada@x.test>` → `ada@x.test`). */
const address = sql`lower(coalesce(substring(${emailOutbox.to} from '<([^<>]+)>\\s*$'), ${emailOutbox.to}))`;

/** Campaigns found in the outbox, newest first, with their counts. */
export async function listMailboxCampaigns(db: Database, limit: number = MAILBOX_LIMITS.default): Promise<MailboxCampaign[]> {
  const rows = await db.execute<{ campaign_id: string; recipients: number; messages: number; last_at: Date | string }>(sql`
    select substr(tag, ${CAMPAIGN_TAG_PREFIX.length + 1}) as campaign_id,
           count(distinct ${address})::int as recipients, count(*)::int as messages, max(${emailOutbox.createdAt}) as last_at
    from ${emailOutbox}, unnest(${emailOutbox.tags}) as tag
    where starts_with(tag, ${CAMPAIGN_TAG_PREFIX})
    group by 1 order by max(${emailOutbox.createdAt}) desc, 1 limit ${limit}`);
  return rows.rows.map((row) => ({
    campaignId: row.campaign_id,
    recipientCount: row.recipients,
    messageCount: row.messages,
    lastAt: new Date(row.last_at).toISOString(),
  }));
}

/** One campaign's counts (over all its messages) and its newest `limit` messages with their headers. */
export async function findCampaignMailbox(
  db: Database,
  campaignId: string,
  limit: number,
): Promise<{ campaign: MailboxCampaign | null; messages: CampaignMailboxMessage[] }> {
  const inCampaign = sql`${campaignTag(campaignId)} = any(${emailOutbox.tags})`;
  const [[counts], rows] = await Promise.all([
    db
      .select({
        recipients: sql<number>`count(distinct ${address})::int`,
        messages: sql<number>`count(*)::int`,
        lastAt: sql<string | null>`max(${emailOutbox.createdAt})`,
      })
      .from(emailOutbox)
      .where(inCampaign),
    db.select().from(emailOutbox).where(inCampaign).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(limit),
  ]);
  const campaign =
    counts && counts.messages > 0
      ? { campaignId, recipientCount: counts.recipients, messageCount: counts.messages, lastAt: new Date(counts.lastAt ?? 0).toISOString() }
      : null;
  return {
    campaign,
    messages: rows.map((row) => ({
      id: row.id,
      to: row.to,
      from: row.from,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
      headers: campaignHeaders(row.headers),
    })),
  };
}

/** Header names are case-insensitive; the view shows the three campaign headers whatever their case. */
export function campaignHeaders(headers: Record<string, string>): CampaignHeaders {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.fromEntries(CAMPAIGN_HEADERS.map((name) => [name, byName.get(name.toLowerCase()) ?? null])) as CampaignHeaders;
}
