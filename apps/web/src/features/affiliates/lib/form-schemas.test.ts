import { AFFILIATE_MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { payoutFormSchema, productRateFormSchema, programFormSchema, testClockFormSchema } from './form-schemas.ts';

const valid = { enabled: true, commissionPercent: '20', windowDays: '30', holdingDays: '14', joinMode: 'open' as const };

/** The first message the schema gives for one field, or null when the form passes. */
function programError(field: keyof typeof valid, value: string): string | null {
  const result = programFormSchema.safeParse({ ...valid, [field]: value });
  return result.success ? null : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? 'other field');
}

describe('the program form takes the contract’s limits and messages', () => {
  it.each([
    ['commissionPercent', '0', AFFILIATE_MESSAGES.commissionPercent],
    ['commissionPercent', '1', null],
    ['commissionPercent', '90', null],
    ['commissionPercent', '91', AFFILIATE_MESSAGES.commissionPercent],
    ['commissionPercent', '20.5', AFFILIATE_MESSAGES.commissionPercent],
    ['commissionPercent', '', AFFILIATE_MESSAGES.commissionPercent],
    ['commissionPercent', 'ten', AFFILIATE_MESSAGES.commissionPercent],
    ['windowDays', '0', AFFILIATE_MESSAGES.windowDays],
    ['windowDays', '1', null],
    ['windowDays', '365', null],
    ['windowDays', '366', AFFILIATE_MESSAGES.windowDays],
    ['holdingDays', '-1', AFFILIATE_MESSAGES.holdingDays],
    ['holdingDays', '0', null],
    ['holdingDays', '90', null],
    ['holdingDays', '91', AFFILIATE_MESSAGES.holdingDays],
  ] as const)('%s "%s" → %s', (field, value, message) => {
    expect(programError(field, value)).toBe(message);
  });

  it('turns the typed text into the numbers the contract takes', () => {
    expect(programFormSchema.parse({ ...valid, commissionPercent: ' 30 ', joinMode: 'approval' })).toEqual({
      enabled: true,
      commissionPercent: 30,
      windowDays: 30,
      holdingDays: 14,
      joinMode: 'approval',
    });
  });
});

describe('a product’s own commission', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['1', 1],
    ['90', 90],
  ] as const)('"%s" is saved as %s (empty means the default)', (text, percent) => {
    expect(productRateFormSchema.parse({ commissionPercent: text })).toEqual({ commissionPercent: percent });
  });

  it.each(['0', '91', '12.5', 'x'])('"%s" is refused with the server’s message', (text) => {
    const result = productRateFormSchema.safeParse({ commissionPercent: text });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(AFFILIATE_MESSAGES.commissionPercent);
  });
});

describe('the payout note and the test clock', () => {
  it('sends no note when it is empty, and refuses one over 200 characters', () => {
    expect(payoutFormSchema.parse({ note: '' })).toEqual({ note: undefined });
    expect(payoutFormSchema.parse({ note: 'n'.repeat(200) })).toEqual({ note: 'n'.repeat(200) });
    const long = payoutFormSchema.safeParse({ note: 'n'.repeat(201) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(AFFILIATE_MESSAGES.payoutNote);
  });

  it.each([
    ['0', AFFILIATE_MESSAGES.testClockDays],
    ['1', null],
    ['365', null],
    ['366', AFFILIATE_MESSAGES.testClockDays],
  ] as const)('moves the clock by "%s" days → %s', (days, message) => {
    const result = testClockFormSchema.safeParse({ days });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});
