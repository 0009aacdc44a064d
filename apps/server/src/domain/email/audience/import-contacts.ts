import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { customers } from '#src/db/schema/index.ts';
import { automationsOnContactsImported } from '#src/domain/automations/contact-triggers.ts';
import { claimImportKey, recordImportSummary } from './contact-import-keys.ts';
import { importSummary, type ImportSummary } from './import-summary.ts';
import { parseContactCsv, type ParsedContact } from './parse-contact-csv.ts';
import { planContactImport, type PlannedContact } from './plan-contact-import.ts';

const WRITE_CHUNK = 1_000;

/**
 * Imports the file's contacts in one transaction, by the rules of `planContactImport` (the rows
 * the preview showed). Existing customers are locked while planned and written, so a checkout or
 * an unsubscribe at the same moment is applied before or after the import, never lost. The update
 * itself re-checks `marketing_withdrawn_at`: consent a customer withdrew is never turned back on.
 * With an `importKey`, an import already made under that key answers its summary instead
 * (`contact-import-keys.ts`): a double click imports once.
 */
export async function importContacts(
  db: Database,
  options: { storeId: string; csv: string; consentConfirmed: boolean; importKey?: string | undefined; now: Date },
): Promise<ImportSummary> {
  const contacts = parseContactCsv(options.csv);
  return db.transaction(async (tx) => {
    const key = options.importKey ? { storeId: options.storeId, importKey: options.importKey, csv: options.csv, now: options.now } : null;
    if (key) {
      const earlier = await claimImportKey(tx, key);
      if (earlier) return earlier;
    }
    const planned = await planContactImport(tx, { storeId: options.storeId, contacts, consentConfirmed: options.consentConfirmed, lock: true });
    const creates = planned.filter((entry) => entry.row.outcome === 'create');
    const updates = planned.filter((entry) => entry.row.outcome === 'update');
    const lost = await insertCustomers(tx, options, creates);
    if (lost.length > 0) {
      // Made by someone else (a checkout) since the plan: import those rows as updates.
      const replanned = await planContactImport(tx, { storeId: options.storeId, contacts: lost, consentConfirmed: options.consentConfirmed, lock: true });
      for (const entry of replanned) {
        const index = planned.findIndex((candidate) => candidate.row.line === entry.row.line);
        planned[index] = entry;
        if (entry.row.outcome === 'update') updates.push(entry);
      }
    }
    await updateCustomers(tx, options.now, updates);
    // Contacts joining the audience with consent start the "joined" automations (decision 044).
    await automationsOnContactsImported(tx, { storeId: options.storeId, contacts: planned.map(({ row, existing }) => ({ ...row, consentedBefore: existing?.marketingConsent ?? false })) });
    const summary = importSummary(planned.map((entry) => entry.row));
    if (key) await recordImportSummary(tx, key, summary);
    return summary;
  });
}

/** Inserts the new customers; answers the contacts whose address another writer took meanwhile. */
async function insertCustomers(tx: Transaction, options: { storeId: string; now: Date }, creates: PlannedContact[]): Promise<ParsedContact[]> {
  const lost: ParsedContact[] = [];
  for (let start = 0; start < creates.length; start += WRITE_CHUNK) {
    const chunk = creates.slice(start, start + WRITE_CHUNK);
    const inserted = await tx
      .insert(customers)
      .values(
        chunk.map(({ row }) => ({
          id: newId('cus'),
          storeId: options.storeId,
          email: row.email,
          name: row.name,
          tags: row.tags,
          marketingConsent: row.marketingConsent,
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .onConflictDoNothing({ target: [customers.storeId, customers.email] })
      .returning({ email: customers.email });
    const made = new Set(inserted.map((row) => row.email));
    for (const { row } of chunk) {
      if (!made.has(row.email)) lost.push({ line: row.line, email: row.email, name: row.name, tags: row.tags, consent: row.marketingConsent || null, error: null });
    }
  }
  return lost;
}

async function updateCustomers(tx: Transaction, now: Date, updates: PlannedContact[]): Promise<void> {
  for (let start = 0; start < updates.length; start += WRITE_CHUNK) {
    const chunk = updates.slice(start, start + WRITE_CHUNK);
    const values = sql.join(
      chunk.map(({ row, existing }) => sql`(${existing!.id}::text, ${row.name}::text, ${JSON.stringify(row.tags)}::jsonb, ${row.marketingConsent}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${customers} set
        name = v.name,
        tags = v.tags,
        marketing_consent = case when ${customers.marketingWithdrawnAt} is not null then ${customers.marketingConsent} else v.consent end,
        updated_at = ${now}
      from (values ${values}) as v(id, name, tags, consent)
      where ${customers.id} = v.id`);
  }
}
