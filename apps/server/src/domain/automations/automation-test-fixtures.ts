// Test fixtures of the automation engine: a sending store with a live automation, a fake SMTP provider.
import type { AutomationStep, AutomationTrigger } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automations, customers, emailCampaignRecipients, emailOutbox, jobs } from '#src/db/schema/index.ts';
import type { EmailMessage, EmailProvider } from '#src/providers/email/types.ts';
import { insertContacts, seedSendingStore } from '#src/testing/email-campaigns.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';

export const emailStep = (id: string, subject: string): AutomationStep => ({
  id,
  type: 'email',
  subject,
  previewText: '',
  body: [{ id: `${id}-t`, type: 'text', html: `<p>${subject} body</p>` }],
});
export const waitStep = (id: string, amount: number, unit: 'minutes' | 'hours' | 'days' = 'days'): AutomationStep => ({
  id,
  type: 'wait',
  wait: { mode: 'duration', amount, unit },
});

/** A store that may send, one consenting contact, and a live automation with these steps. */
export async function seedAutomation(db: Database, slug: string, options: { steps: AutomationStep[]; trigger?: AutomationTrigger; contacts?: string[] }) {
  const { storeId, creatorId } = await seedSendingStore(db, slug);
  const emails = options.contacts ?? [`fan@${slug}.example.com`];
  await insertContacts(db, storeId, emails.map((email) => ({ email })));
  const contacts = await db.select().from(customers).where(eq(customers.storeId, storeId)).orderBy(customers.email);
  const automationId = newId('aut');
  const trigger = options.trigger ?? { kind: 'purchased', productId: null };
  await db.insert(automations).values({ id: automationId, storeId, name: 'Flow', status: 'live', triggerKind: trigger.kind, trigger, steps: options.steps });
  return { storeId, creatorId, automationId, contacts };
}

export async function runsOf(db: Database, automationId: string) {
  return db.select().from(automationRuns).where(eq(automationRuns.automationId, automationId)).orderBy(automationRuns.createdAt);
}

/** The subjects of the automation mail the outbox holds for `to`, in the order they were sent. */
export async function outboxSubjects(db: Database, to: string): Promise<string[]> {
  const rows = await db.select({ subject: emailOutbox.subject, tags: emailOutbox.tags }).from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt, emailOutbox.id);
  // Automation mail is campaign mail; receipts and sign-in codes are not.
  return rows.filter((row) => row.tags.includes('campaign')).map((row) => row.subject);
}

export async function stepJobs(db: Database, runId: string) {
  return db.select().from(jobs).where(and(eq(jobs.kind, AUTOMATION_STEP_KIND), sql`${jobs.payload} ->> 'runId' = ${runId}`));
}

export async function automationRecipients(db: Database, runId: string) {
  return db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.automationRunId, runId));
}

/** A provider that records what it accepts; `gate` (when set) holds each send until released. */
export function recordingProvider() {
  const sent: EmailMessage[] = [];
  let gate: { reached: () => void; release: Promise<void> } | null = null;
  const provider: EmailProvider = {
    name: 'smtp',
    async send(message) {
      if (gate) {
        const current = gate;
        gate = null;
        current.reached();
        await current.release;
      }
      sent.push(message);
      return { providerMessageId: `smtp-${sent.length}` };
    },
  };
  return {
    provider,
    sent,
    /** The next send waits until `release()`; `reached` resolves when it started. */
    holdNext() {
      let reached!: () => void;
      let release!: () => void;
      const started = new Promise<void>((resolve) => (reached = resolve));
      gate = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return { started, release: () => release() };
    },
  };
}

/** Another live automation of an existing store. */
export async function addAutomation(db: Database, storeId: string, trigger: AutomationTrigger, steps: AutomationStep[]): Promise<string> {
  const id = newId('aut');
  await db.insert(automations).values({ id, storeId, name: 'Flow', status: 'live', triggerKind: trigger.kind, trigger, steps });
  return id;
}
