import { z } from 'zod';
import {
  AUTOMATION_STATUSES,
  AUTOMATION_TEMPLATES,
  AutomationIdSchema,
  AutomationListItemSchema,
  AutomationNameSchema,
  AutomationSchema,
  AutomationStepIdSchema,
  AutomationStepStatsSchema,
  AutomationStepsSchema,
  AutomationTriggerSchema,
  SignupFormKeySchema,
} from '../schemas/automations.ts';
import { StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

const storeId = StoreIdSchema;
const automationId = AutomationIdSchema;

/** Every automation of the store, newest first, with its status, steps and totals (entered, waiting now). */
export const listAutomations = defineFunction({
  name: 'listAutomations',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: z.object({ automations: z.array(AutomationListItemSchema) }),
});

/** One automation with its per-step numbers (entered, waiting, sent, opened, clicked). */
export const getAutomation = defineFunction({
  name: 'getAutomation',
  access: 'creator',
  input: z.object({ storeId, automationId }).strict(),
  output: z.object({ automation: AutomationSchema, stats: z.array(AutomationStepStatsSchema) }),
});

/**
 * A new draft: from scratch (a name and a trigger) or from a template, whose trigger and steps
 * can then be changed like any other.
 */
export const createAutomation = defineFunction({
  name: 'createAutomation',
  access: 'creator',
  input: z.union([
    z.object({ storeId, name: AutomationNameSchema, trigger: AutomationTriggerSchema }).strict(),
    z.object({ storeId, template: z.enum(AUTOMATION_TEMPLATES), name: AutomationNameSchema.optional() }).strict(),
  ]),
  output: AutomationSchema,
});

/**
 * Replaces the name, trigger and steps. Steps keep their ids across edits: a contact waiting at a
 * step stays there and gets the step's new content; a contact at a removed step goes on to the
 * step that now follows its place.
 */
export const updateAutomation = defineFunction({
  name: 'updateAutomation',
  access: 'creator',
  input: z.object({ storeId, automationId, name: AutomationNameSchema, trigger: AutomationTriggerSchema, steps: AutomationStepsSchema }).strict(),
  output: AutomationSchema,
});

/** live: new trigger events start runs and runs move on; paused: nothing starts, runs hold at their step; draft: back to editing. */
export const setAutomationStatus = defineFunction({
  name: 'setAutomationStatus',
  access: 'creator',
  input: z.object({ storeId, automationId, status: z.enum(AUTOMATION_STATUSES) }).strict(),
  output: AutomationSchema,
});

/**
 * Deletes a draft or paused automation (a live one is refused: pause it first) with its runs and
 * numbers. Contacts waiting in it leave it and get nothing more from it.
 */
export const deleteAutomation = defineFunction({
  name: 'deleteAutomation',
  access: 'creator',
  input: z.object({ storeId, automationId }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

/**
 * Sends the saved email step once to the signed-in creator's own address (never one the request
 * names), subject marked "[Test] ", rendered like the campaigns' test send (tracking off, an
 * unsubscribe link that goes nowhere). At most `EMAIL_LIMITS.testSendsPerHour` per automation.
 */
export const sendAutomationStepTest = defineFunction({
  name: 'sendAutomationStepTest',
  access: 'creator',
  // `step`: the step's own id within the automation (not a formatted record id, so not `…Id`).
  input: z.object({ storeId, automationId, step: AutomationStepIdSchema }).strict(),
  output: z.object({ sentTo: z.string() }),
});

/**
 * The signup forms of the store's website, for the "joined through a given signup form" trigger:
 * each EmailSignup block of a page's saved or published content, once, in page order.
 */
export const listSignupForms = defineFunction({
  name: 'listSignupForms',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: z.object({
    forms: z.array(z.object({ form: SignupFormKeySchema, heading: z.string(), pageTitle: z.string(), pageSlug: z.string(), published: z.boolean() })),
  }),
});
