import { desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { emailOutbox } from '#src/db/schema/index.ts';

export const MAILBOX_LIMITS = { default: 50, max: 500 } as const;

export const MailboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_LIMITS.max).default(MAILBOX_LIMITS.default),
});
export type MailboxQuery = z.output<typeof MailboxQuerySchema>;

export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/**
 * Outbox messages, newest first. `to` matches the address whether it was stored bare
 * (`ada@example.com`) or with a name (`Ada <ada@example.com>`), case-insensitively.
 */
export async function findMailboxMessages(db: Database, query: MailboxQuery): Promise<MailboxMessage[]> {
  const address = query.to?.toLowerCase();
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      address === undefined
        ? undefined
        : or(
            sql`lower(${emailOutbox.to}) = ${address}`,
            sql`right(lower(${emailOutbox.to}), ${address.length + 2}) = ${`<${address}>`}`,
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

function toMailboxMessage(row: typeof emailOutbox.$inferSelect): MailboxMessage {
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  };
}
