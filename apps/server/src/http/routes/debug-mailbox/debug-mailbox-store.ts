import { and, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { emailOutbox } from '#src/db/schema/index.ts';

export const MAILBOX_LIMITS = { default: 50, max: 500 } as const;

/** The sender tags each campaign message `campaign:<campaignId>` (a test send is tagged otherwise). */
export const CAMPAIGN_TAG_PREFIX = 'campaign:';
export const campaignTag = (campaignId: string) => `${CAMPAIGN_TAG_PREFIX}${campaignId}`;
export const CampaignIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const MailboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  /** A campaign's messages only: those the sender tagged `campaign:<id>`. */
  campaign: CampaignIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_LIMITS.max).default(MAILBOX_LIMITS.default),
});
export type MailboxQuery = z.output<typeof MailboxQuerySchema>;

/** An attachment as the mailbox lists it; its content is served at `url` (a calendar invite: `.ics`). */
export interface MailboxAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 bytes. */
  size: number;
  url: string;
}

/** Where attachment `index` (0-based, in the order sent) of message `id` is served. */
export const attachmentPath = (id: string, index: number) => `/debug/mailbox/${encodeURIComponent(id)}/attachments/${index}`;

export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** The extra headers it was sent with (campaign mail: List-Unsubscribe, Message-ID, …). */
  headers: Record<string, string>;
  attachments: MailboxAttachment[];
}

/**
 * Outbox messages, newest first, of one campaign when `campaign` is given. `to` matches the
 * address whether it was stored bare (`ada@example.com`) or with a name (`Ada <ada@example.com>`),
 * case-insensitively.
 */
export async function findMailboxMessages(db: Database, query: MailboxQuery): Promise<MailboxMessage[]> {
  const address = query.to?.toLowerCase();
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        address === undefined
          ? undefined
          : or(
              sql`lower(${emailOutbox.to}) = ${address}`,
              sql`right(lower(${emailOutbox.to}), ${address.length + 2}) = ${`<${address}>`}`,
            ),
        query.campaign === undefined ? undefined : sql`${campaignTag(query.campaign)} = any(${emailOutbox.tags})`,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(query.limit);
  return rows.map(toMailboxMessage);
}

export async function getMailboxMessage(db: Database, id: string): Promise<MailboxMessage | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ? toMailboxMessage(row) : null;
}

/** One stored attachment with its content, or null when the message or the index does not exist. */
export async function getMailboxAttachment(db: Database, id: string, index: number): Promise<{ filename: string; contentType: string; content: string } | null> {
  const [row] = await db.select({ attachments: emailOutbox.attachments }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row?.attachments[index] ?? null;
}

function toMailboxMessage(row: typeof emailOutbox.$inferSelect): MailboxMessage {
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    headers: row.headers,
    attachments: row.attachments.map((file, index) => ({
      filename: file.filename,
      contentType: file.contentType,
      size: Buffer.byteLength(file.content, 'utf8'),
      url: attachmentPath(row.id, index),
    })),
  };
}
