import { MEMBERSHIP_MESSAGES, type MembershipTier, MembershipTierFieldsSchema } from '@shopfront/core';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { centsToInput, inputToCents, moneyInputMessage } from './product-form.ts';

/** What the tier dialog's inputs hold: money in major units and numbers as typed, benefits one per line. */
export interface TierFormValues {
  name: string;
  description: string;
  benefits: string;
  monthly: string;
  yearly: string;
  trialDays: string;
  setupFee: string;
  memberLimit: string;
  pausable: boolean;
  /** The longest pause in days, as typed; empty is no limit of the creator's own. */
  maxPauseDays: string;
}

/** The tier's fields as the contract takes them (createMembershipTier and updateMembershipTier). */
export interface TierFields {
  name: string;
  description: string;
  benefits: string[];
  monthlyPriceCents: number | null;
  yearlyPriceCents: number | null;
  trialDays: number;
  setupFeeCents: number;
  memberLimit: number | null;
  pausable: boolean;
  maxPauseDays: number | null;
}

export const emptyTierForm = (): TierFormValues => ({ name: '', description: '', benefits: '', monthly: '', yearly: '', trialDays: '', setupFee: '', memberLimit: '', pausable: false, maxPauseDays: '' });

export function tierToForm(tier: MembershipTier): TierFormValues {
  return {
    name: tier.name,
    description: tier.description,
    benefits: tier.benefits.join('\n'),
    monthly: centsToInput(tier.monthlyPriceCents, tier.currency),
    yearly: centsToInput(tier.yearlyPriceCents, tier.currency),
    trialDays: tier.trialDays ? String(tier.trialDays) : '',
    setupFee: tier.setupFeeCents ? centsToInput(tier.setupFeeCents, tier.currency) : '',
    memberLimit: tier.memberLimit === null ? '' : String(tier.memberLimit),
    pausable: tier.pausable,
    maxPauseDays: tier.maxPauseDays === null ? '' : String(tier.maxPauseDays),
  };
}

/** A typed whole number: empty is `empty`, anything else that is not digits is NaN (the schema refuses it). */
const whole = (text: string, empty: number | null) => (text.trim() === '' ? empty : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function formToTier(values: TierFormValues, currency: string): TierFields {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    benefits: values.benefits.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
    monthlyPriceCents: inputToCents(values.monthly, currency),
    yearlyPriceCents: inputToCents(values.yearly, currency),
    trialDays: whole(values.trialDays, 0) ?? 0,
    setupFeeCents: inputToCents(values.setupFee, currency) ?? 0,
    memberLimit: whole(values.memberLimit, null),
    pausable: values.pausable,
    // A tier that does not pause keeps no limit: the field is hidden then.
    maxPauseDays: values.pausable ? whole(values.maxPauseDays, null) : null,
  };
}

const FIELD_OF: Record<string, keyof TierFormValues> = {
  monthlyPriceCents: 'monthly',
  yearlyPriceCents: 'yearly',
  setupFeeCents: 'setupFee',
};

/**
 * The contract's own schema over the typed values (what the server checks first), plus its rule
 * that a tier needs a monthly or a yearly price. Amounts that are not amounts say how to write one.
 */
export function tierFormResolver(currency: string): Resolver<TierFormValues> {
  return (values) => {
    const errors: FieldErrors<TierFormValues> = {};
    const add = (field: keyof TierFormValues, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };
    for (const field of ['monthly', 'yearly', 'setupFee'] as const) {
      if (Number.isNaN(inputToCents(values[field], currency))) add(field, moneyInputMessage(values[field]));
    }
    const fields = formToTier(values, currency);
    const parsed = MembershipTierFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? 'name');
        add(FIELD_OF[path] ?? (path as keyof TierFormValues), issue.message);
      }
    }
    if (fields.monthlyPriceCents === null && fields.yearlyPriceCents === null) add('monthly', MEMBERSHIP_MESSAGES.tierNeedsPrice);
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}
