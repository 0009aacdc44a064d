// Red on purpose: scripts/red-tests.mjs proves the core project's runner exits non-zero on it.
import { expect, it } from 'vitest';
import { formatMoney } from '../src/money.ts';

it('is red on purpose: $12.00 is not $13.00', () => {
  expect(formatMoney(1200, 'USD')).toBe('$13.00');
});
