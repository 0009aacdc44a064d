import { EMAIL_MESSAGES, type ImportRow } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, emailSuppressions, type CustomerRow } from '#src/db/schema/index.ts';
import { cleanTags } from '#src/domain/customers/customer-query.ts';
import { COMMERCE_LIMITS } from '@shopfront/core';
import type { ParsedContact } from './parse-contact-csv.ts';

/** What importing one row does, with the customer as it is now (null: a new customer). */
export interface PlannedContact {
  row: ImportRow;
  existing: Pick<CustomerRow, 'id' | 'name' | 'tags' | 'marketingConsent'> | null;
}

const LOOKUP_CHUNK = 1_000;

/**
 * The effect of each parsed row on the store's customers: `create` a new one, `update` an existing
 * one (its name kept unless empty, tags merged), or `skip` (a bad row, or an address already in the
 * file). Consent from the file is applied only when `consentConfirmed`, and only ever turns consent
 * on: never for a customer who withdrew it (only they can opt back in) nor for a suppressed address.
 * `lock` takes row locks on the existing customers, for the import's own transaction.
 */
export async function planContactImport(
  db: Executor,
  options: { storeId: string; contacts: ParsedContact[]; consentConfirmed: boolean; lock?: boolean },
): Promise<PlannedContact[]> {
  const valid = options.contacts.filter((contact) => contact.error === null);
  const emails = [...new Set(valid.map((contact) => contact.email))];
  const existing = new Map<string, Pick<CustomerRow, 'id' | 'email' | 'name' | 'tags' | 'marketingConsent' | 'marketingWithdrawnAt'>>();
  const suppressed = new Set<string>();
  for (let start = 0; start < emails.length; start += LOOKUP_CHUNK) {
    const chunk = emails.slice(start, start + LOOKUP_CHUNK);
    const query = db
      .select({
        id: customers.id,
        email: customers.email,
        name: customers.name,
        tags: customers.tags,
        marketingConsent: customers.marketingConsent,
        marketingWithdrawnAt: customers.marketingWithdrawnAt,
      })
      .from(customers)
      .where(and(eq(customers.storeId, options.storeId), inArray(customers.email, chunk)))
      .orderBy(customers.id);
    for (const row of options.lock ? await query.for('update') : await query) existing.set(row.email, row);
    const blocked = await db
      .select({ email: emailSuppressions.email })
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.storeId, options.storeId), inArray(emailSuppressions.email, chunk)));
    for (const row of blocked) suppressed.add(row.email);
  }

  const seen = new Set<string>();
  return options.contacts.map((contact): PlannedContact => {
    const base = { line: contact.line, email: contact.email, name: contact.name, tags: contact.tags };
    if (contact.error !== null) {
      return { row: { ...base, marketingConsent: false, outcome: 'skip', note: null, error: contact.error }, existing: null };
    }
    if (seen.has(contact.email)) {
      return { row: { ...base, marketingConsent: false, outcome: 'skip', note: EMAIL_MESSAGES.importDuplicate, error: null }, existing: null };
    }
    seen.add(contact.email);
    const current = existing.get(contact.email) ?? null;
    const wantsConsent = options.consentConfirmed && contact.consent === true;
    let note: string | null = null;
    let consent = current?.marketingConsent ?? false;
    if (wantsConsent && !consent) {
      if (current?.marketingWithdrawnAt) note = EMAIL_MESSAGES.importWithdrawn;
      else if (suppressed.has(contact.email)) note = EMAIL_MESSAGES.importSuppressed;
      else consent = true;
    }
    const name = current && current.name.trim() !== '' ? current.name : contact.name;
    const tags = cleanTags([...(current?.tags ?? []), ...contact.tags]).slice(0, COMMERCE_LIMITS.tagsMax);
    return {
      row: { line: contact.line, email: contact.email, name, tags, marketingConsent: consent, outcome: current ? 'update' : 'create', note, error: null },
      existing: current,
    };
  });
}
