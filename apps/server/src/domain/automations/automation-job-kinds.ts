// Exports the job kinds of automations, shared by the engine, the triggers and the tests.

/** Runs one step of one run (payload `StepJobPayload`); keyed per run and step, so it runs once. */
export const AUTOMATION_STEP_KIND = 'automation-step';
/** Looks at a checkout N minutes after it started: still unpaid, it starts the abandoned-checkout automations. */
export const ABANDONED_CHECKOUT_KIND = 'automation-abandoned-checkout';
