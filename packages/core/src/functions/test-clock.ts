import { z } from 'zod';
import { StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/** How far one move of a store's test clock may go: a minute to a year. */
export const TEST_CLOCK_LIMITS = {
  moveMinutesMin: 1,
  moveMinutesMax: 366 * 24 * 60,
} as const;

export const TEST_CLOCK_MESSAGES = {
  move: `Move the test clock by 1 minute to ${TEST_CLOCK_LIMITS.moveMinutesMax / (24 * 60)} days.`,
  unavailable: 'The test clock moves only test-mode objects, and this server does not take test payments.',
} as const;

/**
 * A store's test clock (decision 035): like Stripe's test clocks, it moves the store's test-mode
 * objects (what the built-in test provider paid for; today affiliate commissions in their hold)
 * into the future, so a creator can watch time-based rules play out without waiting. `now` is the
 * clock's time; real payments never follow it.
 */
export const StoreTestClockSchema = z.object({
  /** False where the server takes no test payments: the clock cannot move. */
  available: z.boolean(),
  offsetSeconds: z.number().int().nonnegative(),
  now: z.string(),
});
export type StoreTestClock = z.infer<typeof StoreTestClockSchema>;

export const getStoreTestClock = defineFunction({
  name: 'getStoreTestClock',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: StoreTestClockSchema,
});

/** Moves the store's test clock forward; whatever fell due in the skipped time runs at once, in order. */
export const advanceStoreTestClock = defineFunction({
  name: 'advanceStoreTestClock',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      minutes: z
        .number({ error: TEST_CLOCK_MESSAGES.move })
        .int({ error: TEST_CLOCK_MESSAGES.move })
        .min(TEST_CLOCK_LIMITS.moveMinutesMin, { error: TEST_CLOCK_MESSAGES.move })
        .max(TEST_CLOCK_LIMITS.moveMinutesMax, { error: TEST_CLOCK_MESSAGES.move }),
    })
    .strict(),
  output: StoreTestClockSchema,
});
