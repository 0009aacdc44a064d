// Exports the `joined` trigger of contacts the creator adds: a manual add (automationsOnContactAdded) and a CSV import (automationsOnContactsImported).
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automations, customers } from '#src/db/schema/index.ts';
import { startRuns } from './start-runs.ts';

const CHUNK = 1_000;

/** Whether the store has a live automation a creator-added contact can start ("joined — any source"). */
async function hasJoinedAnyAutomation(tx: Executor, storeId: string): Promise<boolean> {
  const live = await tx
    .select({ trigger: automations.trigger })
    .from(automations)
    .where(and(eq(automations.storeId, storeId), eq(automations.triggerKind, 'joined'), eq(automations.status, 'live')));
  return live.some(({ trigger }) => trigger.kind === 'joined' && trigger.source === 'any');
}

/**
 * A contact the creator added with marketing consent has joined the audience: in the add's
 * transaction it starts the "joined — any source" automations (once ever per contact, like every
 * `joined` event). Without consent nothing starts: automation mail is marketing mail.
 */
export async function automationsOnContactAdded(tx: Executor, contact: { storeId: string; customerId: string; marketingConsent: boolean }): Promise<void> {
  if (!contact.marketingConsent) return;
  if (!(await hasJoinedAnyAutomation(tx, contact.storeId))) return;
  await startRuns(tx, { storeId: contact.storeId, customerId: contact.customerId, kind: 'joined', key: 'joined', source: 'other' });
}

/**
 * After a CSV import's writes, in its transaction: each contact it created with consent, or whose
 * consent it turned on, starts the "joined — any source" automations. Consent is read back from the
 * rows as written, so an address whose owner withdrew consent (the import never turns it back on)
 * starts nothing. Contacts who already consented are not joining now and start nothing.
 */
export async function automationsOnContactsImported(
  tx: Executor,
  options: { storeId: string; contacts: readonly { email: string; outcome: string; marketingConsent: boolean; consentedBefore: boolean }[] },
): Promise<void> {
  const joining = options.contacts
    .filter((contact) => contact.marketingConsent && (contact.outcome === 'create' || (contact.outcome === 'update' && !contact.consentedBefore)))
    .map((contact) => contact.email);
  if (joining.length === 0 || !(await hasJoinedAnyAutomation(tx, options.storeId))) return;
  for (let start = 0; start < joining.length; start += CHUNK) {
    const rows = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.storeId, options.storeId), inArray(customers.email, joining.slice(start, start + CHUNK)), eq(customers.marketingConsent, true)));
    for (const row of rows) await startRuns(tx, { storeId: options.storeId, customerId: row.id, kind: 'joined', key: 'joined', source: 'other' });
  }
}
