import type { HandlerRegistry } from '../types.ts';
import { changePlan } from './change-plan.ts';
import { choosePublishedStores } from './choose-published-stores.ts';
import { getBilling } from './get-billing.ts';
import { getPlanPrices } from './get-plan-prices.ts';
import { listInvoices } from './list-invoices.ts';
import { openBillingPortal } from './open-billing-portal.ts';
import { setPlanPrice } from './set-plan-price.ts';
import { startPlanCheckout } from './start-plan-checkout.ts';

/** The billing handlers; ../index.ts spreads them into the registry. */
export const billingHandlers = {
  getBilling,
  startPlanCheckout,
  changePlan,
  choosePublishedStores,
  openBillingPortal,
  listInvoices,
  getPlanPrices,
  setPlanPrice,
} satisfies Partial<HandlerRegistry>;
