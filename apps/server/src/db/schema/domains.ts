import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { stores } from './stores.ts';

/**
 * Spec §3 customDomains. Stored canonical: lower-case, no `www.`, no trailing dot. A domain is
 * live only once `verified_at` is set (SECURITY: DNS TXT verification); one store per domain.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    domain: text('domain').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    verificationToken: text('verification_token'),
    verifiedAt: timestamptz('verified_at'),
    createdAt: createdAt(),
  },
  (table) => [index('custom_domains_store_id_idx').on(table.storeId)],
);

/** Spec §3 bioDomains: `{name}.{BIO_DOMAIN}` subdomains, stored lower-case. */
export const bioDomains = pgTable(
  'bio_domains',
  {
    fullDomain: text('full_domain').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('bio_domains_store_id_idx').on(table.storeId)],
);
