import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** The default email provider's mailbox: what would have been sent, for /debug/mailbox. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    tags: text('tags').array().notNull().default([]),
    /** Text attachments as sent (a calendar invite), so the mailbox shows what SMTP would carry. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_created_at_idx').on(table.createdAt.desc()), index('email_outbox_to_idx').on(table.to)],
);
