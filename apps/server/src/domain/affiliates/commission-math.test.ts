import { describe, expect, it } from 'vitest';
import { commissionAfterRefunds, lineCommission, orderCommission } from './commission-math.ts';

describe('commission arithmetic in minor units', () => {
  describe('lineCommission: ⌊amount × percent ÷ 100⌋, exact for 0-, 2- and 3-decimal currencies', () => {
    it.each([
      // JPY (0 decimals): ¥1,500 at 30 % is ¥450; ¥999 at 33 % is 329.67 → ¥329.
      ['JPY', 1_500, 30, 450],
      ['JPY', 999, 33, 329],
      ['JPY', 3, 33, 0],
      ['JPY', 4, 25, 1],
      // USD (2 decimals): $19.99 at 20 % is 399.8 cents → 399; $0.05 at 20 % is exactly 1 cent.
      ['USD', 1_999, 20, 399],
      ['USD', 5, 20, 1],
      ['USD', 4, 20, 0],
      ['USD', 100, 90, 90],
      // KWD (3 decimals): 12.345 KD at 30 % is 3703.5 fils → 3703; 1 fils at 90 % → 0.
      ['KWD', 12_345, 30, 3_703],
      ['KWD', 1, 90, 0],
      ['KWD', 10, 10, 1],
    ] as const)('%s %i at %i %% → %i', (_currency, amountCents, percent, expected) => {
      expect(lineCommission({ amountCents, percent })).toBe(expected);
    });

    it('rounds down, never to the nearest: 1 minor unit short of the next step stays below it', () => {
      // 499 × 20 = 9980 → 99.8 → 99; 500 × 20 = 10000 → exactly 100.
      expect(lineCommission({ amountCents: 499, percent: 20 })).toBe(99);
      expect(lineCommission({ amountCents: 500, percent: 20 })).toBe(100);
      expect(lineCommission({ amountCents: 501, percent: 20 })).toBe(100);
      // .99 of a unit is still dropped.
      expect(lineCommission({ amountCents: 333, percent: 3 })).toBe(9); // 9.99
    });

    it('stays exact at the largest amount a checkout allows', () => {
      expect(lineCommission({ amountCents: 99_999_999, percent: 90 })).toBe(89_999_999); // 89,999,999.1
      expect(lineCommission({ amountCents: 99_999_999, percent: 1 })).toBe(999_999); // 999,999.99
    });

    it('refuses a fraction of a minor unit, a negative amount and a percent out of range', () => {
      expect(() => lineCommission({ amountCents: 10.5, percent: 20 })).toThrow(RangeError);
      expect(() => lineCommission({ amountCents: -1, percent: 20 })).toThrow(RangeError);
      expect(() => lineCommission({ amountCents: 100, percent: 20.5 })).toThrow(RangeError);
      expect(() => lineCommission({ amountCents: 100, percent: 101 })).toThrow(RangeError);
      expect(() => lineCommission({ amountCents: 100, percent: -1 })).toThrow(RangeError);
    });
  });

  describe('orderCommission: each line at its own percent, rounded per line', () => {
    it('sums the lines, each rounded down on its own', () => {
      // 1999 × 30 % = 599.7 → 599; 999 × 50 % = 499.5 → 499; together 1098 (not ⌊1099.2⌋ = 1099).
      expect(orderCommission([{ amountCents: 1_999, percent: 30 }, { amountCents: 999, percent: 50 }])).toBe(1_098);
    });

    it.each([
      ['JPY', 1_500, 999, 450 + 499],
      ['USD', 1_999, 1, 599 + 0],
      ['KWD', 12_345, 2_001, 3_703 + 1_000],
    ] as const)('%s: %i at 30 %% plus a bump of %i at 50 %%', (_currency, main, bump, expected) => {
      expect(orderCommission([{ amountCents: main, percent: 30 }, { amountCents: bump, percent: 50 }])).toBe(expected);
    });

    it('is 0 for no lines and for a free line', () => {
      expect(orderCommission([])).toBe(0);
      expect(orderCommission([{ amountCents: 0, percent: 90 }])).toBe(0);
    });
  });

  describe('commissionAfterRefunds: ⌊commission × (paid − refunded) ÷ paid⌋', () => {
    it('keeps all of it without a refund and nothing after a full refund', () => {
      expect(commissionAfterRefunds(599, 1_999, 0)).toBe(599);
      expect(commissionAfterRefunds(599, 1_999, 1_999)).toBe(0);
      expect(commissionAfterRefunds(599, 1_999, 5_000)).toBe(0);
    });

    it.each([
      // JPY ¥1,500 order, ¥450 commission, ¥500 refunded: 450 × 1000 / 1500 = 300 exactly.
      ['JPY', 450, 1_500, 500, 300],
      // ¥1 short of a full refund: 450 × 1 / 1500 = 0.3 → 0.
      ['JPY', 450, 1_500, 1_499, 0],
      // USD $19.99, 399 cents, $5.00 refunded: 399 × 1499 / 1999 = 299.2… → 299.
      ['USD', 399, 1_999, 500, 299],
      // 1 cent refunded: 399 × 1998 / 1999 = 398.8… → 398 (rounded down, so the affiliate never gains).
      ['USD', 399, 1_999, 1, 398],
      // KWD 12.345, 3703 fils, 1.001 KD refunded: 3703 × 11344 / 12345 = 3402.7… → 3402.
      ['KWD', 3_703, 12_345, 1_001, 3_402],
      ['KWD', 3_703, 12_345, 12_344, 0],
    ] as const)('%s: commission %i of %i, %i refunded → %i kept', (_currency, commission, paid, refunded, kept) => {
      expect(commissionAfterRefunds(commission, paid, refunded)).toBe(kept);
    });

    it('never keeps more than before as refunds grow', () => {
      let previous = 3_703;
      for (let refunded = 0; refunded <= 12_345; refunded += 97) {
        const kept = commissionAfterRefunds(3_703, 12_345, refunded);
        expect(kept).toBeLessThanOrEqual(previous);
        previous = kept;
      }
    });

    it('is 0 for a free order and refuses fractions and negatives', () => {
      expect(commissionAfterRefunds(0, 0, 0)).toBe(0);
      expect(() => commissionAfterRefunds(1.5, 100, 0)).toThrow(RangeError);
      expect(() => commissionAfterRefunds(10, 100, -1)).toThrow(RangeError);
    });
  });
});
