import { AppError, PAYMENT_PLAN_MESSAGES as M, paymentPlanIssue, planInstalmentAmount } from '@shopfront/core';
import type { ProductRow } from '#src/db/schema/index.ts';

/**
 * A checkout in instalments (decision 047): the product must offer a plan that still meets its
 * rules; no discount code or order bump (the instalment is one fixed amount). Answers N and the
 * instalment the checkout keeps (its amount is the first instalment).
 */
export function checkoutPlan(product: ProductRow, input: { discountCode?: string | undefined; orderBump?: boolean | undefined }): { planInstalments: number; planInstalmentCents: number } {
  if (product.planInstalments === null || paymentPlanIssue(product)) throw new AppError('failed-precondition', M.noPlan);
  if (input.discountCode) throw new AppError('invalid-argument', M.noDiscount);
  if (input.orderBump) throw new AppError('invalid-argument', M.noBump);
  return { planInstalments: product.planInstalments, planInstalmentCents: planInstalmentAmount(product, product.planInstalments) };
}
