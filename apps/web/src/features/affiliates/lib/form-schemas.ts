import { advanceAffiliateTestClock, type AffiliateProgram, inviteAffiliate, payAffiliate, setAffiliateProductRate, updateAffiliateProgram } from '@shopfront/core';
import { z } from 'zod';

/**
 * The forms check what the server checks, with its messages: every field below is the contract's
 * own schema, after the typed text becomes a number. Text that is not a number becomes NaN, which
 * the contract refuses with the same message as a number out of range.
 */
const asNumber = z
  .string()
  .trim()
  .transform((text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN));

const program = updateAffiliateProgram.input.shape;

export interface ProgramFormValues {
  enabled: boolean;
  commissionPercent: string;
  windowDays: string;
  holdingDays: string;
  joinMode: AffiliateProgram['joinMode'];
}

export const programFormSchema = z.object({
  enabled: program.enabled,
  commissionPercent: asNumber.pipe(program.commissionPercent),
  windowDays: asNumber.pipe(program.windowDays),
  holdingDays: asNumber.pipe(program.holdingDays),
  joinMode: program.joinMode,
});
export type ProgramFormOutput = z.output<typeof programFormSchema>;

export function programToForm(saved: AffiliateProgram): ProgramFormValues {
  return {
    enabled: saved.enabled,
    commissionPercent: String(saved.commissionPercent),
    windowDays: String(saved.windowDays),
    holdingDays: String(saved.holdingDays),
    joinMode: saved.joinMode,
  };
}

/** A product's own percent: empty text goes back to the program's default (null). */
export const productRateFormSchema = z.object({
  commissionPercent: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN))
    .pipe(setAffiliateProductRate.input.shape.commissionPercent),
});

export const inviteFormSchema = z.object({ email: inviteAffiliate.input.shape.email });

/** The payout's note is optional: empty text sends none. */
export const payoutFormSchema = z.object({
  note: payAffiliate.input.shape.note.unwrap().transform((note) => (note ? note : undefined)),
});

export const testClockFormSchema = z.object({ days: asNumber.pipe(advanceAffiliateTestClock.input.shape.days) });
