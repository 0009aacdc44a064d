import type { HandlerRegistry } from '../types.ts';
import { advanceStoreTestClock } from './advance-store-test-clock.ts';
import { getStoreTestClock } from './get-store-test-clock.ts';

/** A store's test clock (decision 035): read it, move it forward. */
export const testClockHandlers = {
  getStoreTestClock,
  advanceStoreTestClock,
} satisfies Partial<HandlerRegistry>;
