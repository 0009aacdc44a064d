import type { AutomationStep } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automationStepRuns, customers, emailCampaignRecipients, emailSuppressions, storeEmailSettings } from '#src/db/schema/index.ts';
import { takeSendQuota, type SendLimits } from '#src/domain/email/sending/take-send-quota.ts';
import { stopRun } from './run-state.ts';
import { stepEmailVersion } from './step-email-version.ts';

type EmailStep = Extract<AutomationStep, { type: 'email' }>;

/** Sends of one step email a row gets at most (each lease counts one); then the row fails and the run moves on. */
export const STEP_EMAIL_MAX_ATTEMPTS = 8;
const HOUR_MS = 60 * 60_000;

export interface BatchRecipient {
  id: string;
  email: string;
  name: string;
  messageId: string;
  attempts: number;
}

/**
 * What the batch does with each run:
 * - `done`: nothing (the run moved on, stopped, or is at another step; or it stops here: no consent, suppressed);
 * - `retry`: not now, try again after `delayMs` (paused automation or sending, no postal address,
 *   the store's or platform's quota used up, another holder's lease on its row, another automation's run);
 * - `move-on`: its message went out already (a batch taken over after a crash), or failed for good;
 * - `send`: its row (made once per run and step, fixed Message-ID) is leased to this batch.
 */
export type RunDisposition =
  | { kind: 'done' }
  | { kind: 'retry'; delayMs: number; reason: string }
  | { kind: 'move-on'; outcome: string }
  | { kind: 'send'; campaignId: string; recipient: BatchRecipient };

export interface EmailBatchInput {
  storeId: string;
  automation: { id: string; name: string; status: string };
  step: EmailStep;
  /** The runs, the lead job's first: it is the first to get quota. */
  runIds: readonly string[];
  now: Date;
  /** The rows' lease: one job lease past the jobs' own, so a taken-over batch waits for this one's marks. */
  leaseUntil: Date;
  limits: SendLimits;
  messageIdDomain: string;
}

/**
 * An email step for many runs at once, in one transaction with the runs row-locked (in id order,
 * as the batch's second transaction locks them): the checks of a single step (consent,
 * suppression, the automation live, the store's complaint pause and postal address), the step
 * records and recipient rows made in a few statements, one quota take and one lease for all.
 */
export async function prepareEmailBatch(tx: Executor, input: EmailBatchInput): Promise<Map<string, RunDisposition>> {
  const { storeId, step, now } = input;
  const out = new Map<string, RunDisposition>(input.runIds.map((id) => [id, { kind: 'done' }]));
  const rows = await tx
    .select({
      id: automationRuns.id,
      status: automationRuns.status,
      stepId: automationRuns.stepId,
      automationId: automationRuns.automationId,
      customerId: customers.id,
      email: customers.email,
      name: customers.name,
      consent: customers.marketingConsent,
      suppressed: sql<boolean>`exists (select 1 from ${emailSuppressions} s where s.store_id = ${storeId} and s.email = ${customers.email})`,
      // The store's sending settings, read with the runs (the same on every row).
      pausedAt: storeEmailSettings.pausedAt,
      postalAddress: storeEmailSettings.postalAddress,
    })
    .from(automationRuns)
    .innerJoin(customers, eq(customers.id, automationRuns.customerId))
    .leftJoin(storeEmailSettings, eq(storeEmailSettings.storeId, automationRuns.storeId))
    .where(and(inArray(automationRuns.id, [...input.runIds]), eq(automationRuns.storeId, storeId)))
    .orderBy(automationRuns.id)
    .for('update', { of: automationRuns });
  const retryAll = (list: typeof rows, delayMs: number, reason: string) => list.forEach((run) => out.set(run.id, { kind: 'retry', delayMs, reason }));
  // Another automation of the store may use the same step id: its runs go back for their own batch.
  retryAll(rows.filter((run) => run.automationId !== input.automation.id), 0, 'another automation');
  const atStep = rows.filter((run) => run.automationId === input.automation.id && run.status === 'active' && run.stepId === step.id);
  if (atStep.length === 0) return out;
  if (input.automation.status !== 'live') {
    retryAll(atStep, HOUR_MS, `automation ${input.automation.status}`);
    return out;
  }
  for (const run of atStep.filter((candidate) => !candidate.consent || candidate.suppressed)) {
    await stopRun(tx, { runId: run.id, reason: run.suppressed ? 'suppressed' : 'no marketing consent', now });
  }
  const live = atStep.filter((run) => run.consent && !run.suppressed);
  if (live.length === 0) return out;
  const settings = live[0]!;
  if (settings.pausedAt) return (retryAll(live, HOUR_MS, 'sending paused'), out);
  if (!settings.postalAddress?.trim()) return (retryAll(live, HOUR_MS, 'no postal address'), out);

  const rowOfRun = await recipientRows(tx, input, live);
  const pending: { runId: string; row: RecipientRow }[] = [];
  for (const run of live) {
    const row = rowOfRun.get(run.id);
    if (!row) throw new Error('automation recipient row vanished');
    if (row.status !== 'pending') out.set(run.id, { kind: 'move-on', outcome: row.status === 'sent' ? 'sent' : 'failed' });
    else if (row.lockedUntil && row.lockedUntil > now) out.set(run.id, { kind: 'retry', delayMs: row.lockedUntil.getTime() - now.getTime(), reason: 'row leased elsewhere' });
    else if (row.attempts >= STEP_EMAIL_MAX_ATTEMPTS) {
      await tx.update(emailCampaignRecipients).set({ status: 'failed', lockedUntil: null }).where(eq(emailCampaignRecipients.id, row.id));
      out.set(run.id, { kind: 'move-on', outcome: 'failed' });
    } else pending.push({ runId: run.id, row });
  }
  if (pending.length === 0) return out;
  // The lead's run first, then the others in the order given.
  const order = new Map(input.runIds.map((id, index) => [id, index]));
  pending.sort((a, b) => order.get(a.runId)! - order.get(b.runId)!);
  const granted = await takeSendQuota(tx, { storeId, want: pending.length, limits: input.limits, now });
  const nextSecond = 1000 - (now.getTime() % 1000);
  for (const { runId } of pending.slice(granted)) out.set(runId, { kind: 'retry', delayMs: nextSecond, reason: 'rate limit' });
  const toLease = pending.slice(0, granted);
  if (toLease.length === 0) return out;
  const leased = await tx
    .update(emailCampaignRecipients)
    .set({ lockedUntil: input.leaseUntil, attempts: sql`${emailCampaignRecipients.attempts} + 1` })
    .where(
      and(
        inArray(emailCampaignRecipients.id, toLease.map(({ row }) => row.id)),
        eq(emailCampaignRecipients.status, 'pending'),
        sql`(${emailCampaignRecipients.lockedUntil} is null or ${emailCampaignRecipients.lockedUntil} <= ${now})`,
      ),
    )
    .returning({ id: emailCampaignRecipients.id, attempts: emailCampaignRecipients.attempts });
  const leasedAttempts = new Map(leased.map((row) => [row.id, row.attempts]));
  for (const { runId, row } of toLease) {
    const attempts = leasedAttempts.get(row.id);
    out.set(
      runId,
      attempts === undefined
        ? { kind: 'retry', delayMs: 1000, reason: 'row leased elsewhere' }
        : { kind: 'send', campaignId: row.campaignId, recipient: { id: row.id, email: row.email, name: row.name, messageId: row.messageId, attempts } },
    );
  }
  return out;
}

type RecipientRow = Pick<typeof emailCampaignRecipients.$inferSelect, 'id' | 'campaignId' | 'email' | 'name' | 'messageId' | 'status' | 'attempts' | 'lockedUntil'>;

/**
 * Each run's recipient row for the step: the one its step record names, or a new one under the
 * step's current version. Three statements for the whole batch: the step records made (one that
 * exists is kept, and read in the same statement), the rows already made read, and the new rows
 * inserted together with their step records' link to them. Rows go in as one JSON parameter each.
 */
async function recipientRows(
  tx: Executor,
  input: EmailBatchInput,
  runs: readonly { id: string; customerId: string; email: string; name: string }[],
): Promise<Map<string, RecipientRow>> {
  const { storeId, step, now } = input;
  const runIds = JSON.stringify(runs.map((run) => run.id));
  // The select reads the statement's snapshot: a record made by the insert beside it is not in it,
  // and has no row yet anyway. The runs are locked, so no other batch makes these records now.
  const records = await tx.execute(sql`
    with made as (
      insert into ${automationStepRuns} (run_id, step_id, automation_id, store_id, started_at)
      select run_id, ${step.id}, ${input.automation.id}, ${storeId}, ${now} from jsonb_array_elements_text(${runIds}::jsonb) as v(run_id)
      on conflict do nothing returning run_id)
    select s.run_id, s.recipient_id from ${automationStepRuns} s
    where s.run_id in (select jsonb_array_elements_text(${runIds}::jsonb)) and s.step_id = ${step.id} and s.recipient_id is not null`);
  const rowIdOfRun = new Map((records.rows as { run_id: string; recipient_id: string }[]).map((record) => [record.run_id, record.recipient_id]));
  const rows = new Map<string, RecipientRow>();
  if (rowIdOfRun.size > 0) {
    const found = await tx
      .select({
        id: emailCampaignRecipients.id,
        campaignId: emailCampaignRecipients.campaignId,
        email: emailCampaignRecipients.email,
        name: emailCampaignRecipients.name,
        messageId: emailCampaignRecipients.messageId,
        status: emailCampaignRecipients.status,
        attempts: emailCampaignRecipients.attempts,
        lockedUntil: emailCampaignRecipients.lockedUntil,
      })
      .from(emailCampaignRecipients)
      .where(inArray(emailCampaignRecipients.id, [...rowIdOfRun.values()]));
    const byId = new Map(found.map((row) => [row.id, row]));
    for (const [runId, rowId] of rowIdOfRun) {
      const row = byId.get(rowId);
      if (!row) throw new Error('automation recipient row vanished');
      rows.set(runId, row);
    }
  }
  const missing = runs.filter((run) => !rows.has(run.id));
  if (missing.length === 0) return rows;
  // The version (the hidden campaign row) is looked up once for the whole batch, and rendered once per process.
  const campaignId = await stepEmailVersion(tx, { storeId, automationId: input.automation.id, automationName: input.automation.name, step, now });
  const made = missing.map((run) => {
    const id = newId('rcp');
    return { run_id: run.id, id, customer_id: run.customerId, email: run.email, name: run.name, message_id: `<${id}@${input.messageIdDomain}>` };
  });
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(made)}::jsonb)
        as v(run_id text, id text, customer_id text, email text, name text, message_id text)),
    inserted as (
      insert into ${emailCampaignRecipients} (id, campaign_id, store_id, customer_id, automation_run_id, email, name, message_id, created_at)
      select id, ${campaignId}, ${storeId}, customer_id, run_id, email, name, message_id, ${now} from v)
    update ${automationStepRuns} s set recipient_id = v.id from v where s.run_id = v.run_id and s.step_id = ${step.id}`);
  for (const row of made) {
    rows.set(row.run_id, { id: row.id, campaignId, email: row.email, name: row.name, messageId: row.message_id, status: 'pending', attempts: 0, lockedUntil: null });
  }
  return rows;
}
