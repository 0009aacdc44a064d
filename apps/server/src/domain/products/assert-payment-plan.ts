// Exports assertPaymentPlan and planSetting: the product's payment plan setting (decision 047), checked on the merged product.
import { paymentPlanIssue, type PaymentPlanSetting } from '@shopfront/core';
import type { ProductRow } from '#src/db/schema/index.ts';
import { fieldError } from './product-rules.ts';

type PlanFields = Pick<PaymentPlanSetting, 'planInstalments' | 'planInstalmentCents'>;

/** The plan fields sent over the stored ones; removing the plan (null instalments) removes its amount too. */
export function planSetting(product: Pick<ProductRow, 'planInstalments' | 'planInstalmentCents'>, sent: { planInstalments?: number | null | undefined; planInstalmentCents?: number | null | undefined }): PlanFields {
  const planInstalments = sent.planInstalments === undefined ? product.planInstalments : sent.planInstalments;
  if (planInstalments === null && sent.planInstalmentCents === undefined) return { planInstalments: null, planInstalmentCents: null };
  return { planInstalments, planInstalmentCents: sent.planInstalmentCents === undefined ? product.planInstalmentCents : sent.planInstalmentCents };
}

/**
 * PAYMENT_PLAN_LIMITS on the product as it will be (a price or type change is checked against a
 * stored plan too): 2–12 instalments of a fixed-price download or course, each at least 0.50 and
 * at most the price, adding up to at least the price. Answers the two columns to store.
 */
export function assertPaymentPlan(product: PaymentPlanSetting): PlanFields {
  const issue = paymentPlanIssue(product);
  if (issue) throw fieldError(issue.path, issue.message);
  return { planInstalments: product.planInstalments, planInstalmentCents: product.planInstalments === null ? null : product.planInstalmentCents };
}
