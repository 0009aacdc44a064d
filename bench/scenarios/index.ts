import { foundation } from './foundation.ts';
import type { Scenario } from './types.ts';

export const scenarios: Scenario[] = [foundation];
