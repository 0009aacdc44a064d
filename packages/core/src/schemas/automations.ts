import { z } from 'zod';
import { CustomerTagSchema } from './commerce.ts';
import { EMAIL_LIMITS, EmailBlockSchema } from './email.ts';
import { idPattern, multiLineText, singleLineText } from './text.ts';
import { MESSAGES } from '../messages.ts';
import { SIGNUP_FORM_KEY_PATTERN } from '../website/signup-form.ts';

/** Limits of email automations; the server enforces each one, the dashboard shows them. */
export const AUTOMATION_LIMITS = Object.freeze({
  automationsPerStore: 20,
  stepsMax: 50,
  nameMax: 120,
  /** A wait of at most a year, in any unit. */
  waitMinutesMax: 365 * 24 * 60,
  abandonedDelayMinutesDefault: 60,
  abandonedDelayMinutesMin: 15,
  abandonedDelayMinutesMax: 7 * 24 * 60,
});

export const AUTOMATION_MESSAGES = Object.freeze({
  tooManyAutomations: `A store can have at most ${AUTOMATION_LIMITS.automationsPerStore} automations`,
  tooManySteps: `An automation can have at most ${AUTOMATION_LIMITS.stepsMax} steps`,
  noSteps: 'Add at least one step before turning the automation on',
  duplicateStepId: 'Each step needs its own id',
  branchTarget: 'A branch can only jump to a later step of the same automation',
  waitTooLong: 'A wait can be at most 365 days',
  emailIncomplete: 'Every email step needs a subject and at least one block before the automation goes live',
  deleteLive: 'Pause the automation before deleting it',
  testStepIncomplete: 'Add a subject and at least one block, and save, before sending a test',
  formNotFound: 'Signup form not found on your website',
  formOnlyForSignupForm: 'Only the signup-form trigger can name a form',
  membershipTriggerProduct: 'Choose a membership: this product is not one',
});

export const AUTOMATION_STATUSES = ['draft', 'live', 'paused'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

export const AutomationIdSchema = z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern('aut'), { error: MESSAGES.generic.invalidArgument });
const productId = z.string().regex(idPattern('prd'));
export const AutomationStepIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const AUTOMATION_JOIN_SOURCES = ['any', 'signup-form', 'lead-magnet'] as const;

/** A website signup form's key (its block's cleaned id, core `website/signup-form.ts`). */
export const SignupFormKeySchema = z.string().regex(SIGNUP_FORM_KEY_PATTERN);

/** What starts a run: one event per contact, at most one run per automation and event. */
export const AutomationTriggerSchema = z.discriminatedUnion('kind', [
  /**
   * The contact opted in to email: anywhere, the website's signup form (a given one when `form` is
   * set, any when null), or a (given) free product's checkout.
   */
  z
    .object({
      kind: z.literal('joined'),
      source: z.enum(AUTOMATION_JOIN_SOURCES),
      productId: productId.nullable().default(null),
      form: SignupFormKeySchema.nullable().optional(),
    })
    .strict(),
  /** A paid (or free) order of this product, or of any product when null. */
  z.object({ kind: z.literal('purchased'), productId: productId.nullable() }).strict(),
  z.object({ kind: z.literal('tag-added'), tag: CustomerTagSchema }).strict(),
  /** A checkout with an email and marketing consent still unpaid `delayMinutes` after it started. */
  z
    .object({
      kind: z.literal('abandoned-checkout'),
      productId: productId.nullable().default(null),
      delayMinutes: z
        .number()
        .int()
        .min(AUTOMATION_LIMITS.abandonedDelayMinutesMin)
        .max(AUTOMATION_LIMITS.abandonedDelayMinutesMax)
        .default(AUTOMATION_LIMITS.abandonedDelayMinutesDefault),
    })
    .strict(),
  /** A membership of this product (any membership product when null) started, with or without a trial. */
  z.object({ kind: z.literal('membership-started'), productId: productId.nullable().default(null) }).strict(),
  /**
   * A membership was cancelled: the member or creator asked for the cancellation (it ends at the
   * period end), or it ended without one (ended now by the creator, or after its last failed retry).
   */
  z.object({ kind: z.literal('membership-cancelled'), productId: productId.nullable().default(null) }).strict(),
  /** A membership's renewal payment failed: once per unpaid period (its retries start nothing more). */
  z.object({ kind: z.literal('membership-payment-failed'), productId: productId.nullable().default(null) }).strict(),
]);
export type AutomationTrigger = z.infer<typeof AutomationTriggerSchema>;
export type AutomationTriggerKind = AutomationTrigger['kind'];

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time like 09:30' });
export const WaitSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('duration'), amount: z.number().int().min(1), unit: z.enum(['minutes', 'hours', 'days']) }).strict(),
  /** Until the next `weekday` (0 = Sunday) at `time`, on the contact's clock (the store's when unknown) or the store's. */
  z.object({ mode: z.literal('until'), weekday: z.number().int().min(0).max(6), time: hhmm, zone: z.enum(['contact', 'store']) }).strict(),
]);
export type AutomationWait = z.infer<typeof WaitSchema>;

export const BranchConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bought'), productId: productId.nullable() }).strict(),
  z.object({ kind: z.literal('has-tag'), tag: CustomerTagSchema }).strict(),
  z.object({ kind: z.literal('opened-previous') }).strict(),
]);
export type BranchCondition = z.infer<typeof BranchConditionSchema>;

const id = AutomationStepIdSchema;
export const AutomationStepSchema = z.discriminatedUnion('type', [
  z.object({ id, type: z.literal('wait'), wait: WaitSchema }).strict(),
  z
    .object({
      id,
      type: z.literal('email'),
      subject: singleLineText().trim().max(EMAIL_LIMITS.subjectMax),
      previewText: multiLineText().max(EMAIL_LIMITS.previewTextMax).default(''),
      body: z.array(EmailBlockSchema).max(EMAIL_LIMITS.blocksMax),
    })
    .strict(),
  z.object({ id, type: z.literal('add-tag'), tag: CustomerTagSchema }).strict(),
  z.object({ id, type: z.literal('remove-tag'), tag: CustomerTagSchema }).strict(),
  /** When the condition holds the run goes on to the next step, otherwise to `elseStepId` (a later step; null ends the run). */
  z.object({ id, type: z.literal('branch'), condition: BranchConditionSchema, elseStepId: id.nullable() }).strict(),
  z.object({ id, type: z.literal('end') }).strict(),
]);
export type AutomationStep = z.infer<typeof AutomationStepSchema>;
export type AutomationStepType = AutomationStep['type'];

/** The minutes a duration wait lasts (null for a wait until a weekday). */
export function waitMinutes(wait: AutomationWait): number | null {
  if (wait.mode !== 'duration') return null;
  return wait.amount * { minutes: 1, hours: 60, days: 24 * 60 }[wait.unit];
}

/** The graph rules: step ids unique, branches jump forward only (so a run visits each step once), waits within a year. */
export const AutomationStepsSchema = z
  .array(AutomationStepSchema)
  .max(AUTOMATION_LIMITS.stepsMax, { error: AUTOMATION_MESSAGES.tooManySteps })
  .superRefine((steps, ctx) => {
    const position = new Map<string, number>();
    steps.forEach((step, index) => {
      if (position.has(step.id)) ctx.addIssue({ code: 'custom', message: AUTOMATION_MESSAGES.duplicateStepId, path: [index, 'id'] });
      position.set(step.id, index);
    });
    steps.forEach((step, index) => {
      if (step.type === 'branch' && step.elseStepId !== null && !((position.get(step.elseStepId) ?? -1) > index)) {
        ctx.addIssue({ code: 'custom', message: AUTOMATION_MESSAGES.branchTarget, path: [index, 'elseStepId'] });
      }
      if (step.type === 'wait' && (waitMinutes(step.wait) ?? 0) > AUTOMATION_LIMITS.waitMinutesMax) {
        ctx.addIssue({ code: 'custom', message: AUTOMATION_MESSAGES.waitTooLong, path: [index, 'wait'] });
      }
    });
  });

export const AUTOMATION_TEMPLATES = ['lead-magnet-welcome', 'post-purchase', 'abandoned-checkout'] as const;
export type AutomationTemplate = (typeof AUTOMATION_TEMPLATES)[number];

export const AutomationStepStatsSchema = z.object({
  stepId: z.string(),
  entered: z.number().int(),
  waiting: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  /**
   * Revenue attributed to this email step, in the store's currency's minor units: orders paid by a
   * contact within 7 days of clicking one of its links (last click wins; each order counts once,
   * to one step), less their refunds. 0 for other steps.
   */
  revenue: z.number().int(),
});
export type AutomationStepStats = z.infer<typeof AutomationStepStatsSchema>;

export const AutomationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(AUTOMATION_STATUSES),
  trigger: AutomationTriggerSchema,
  steps: z.array(AutomationStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Automation = z.infer<typeof AutomationSchema>;

/** In the list, each automation with its totals: runs ever started (entered) and runs active now (waiting at a step). */
export const AutomationListItemSchema = AutomationSchema.extend({
  totals: z.object({ entered: z.number().int(), waiting: z.number().int() }),
});
export type AutomationListItem = z.infer<typeof AutomationListItemSchema>;

export const AutomationNameSchema = singleLineText().trim().min(1, { error: 'Name is required' }).max(AUTOMATION_LIMITS.nameMax);
