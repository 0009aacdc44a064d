import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is `timestamptz`; the app reads and writes Date objects. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
