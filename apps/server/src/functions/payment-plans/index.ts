import { eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import { findPlanViews, ofCustomer, ofOrder } from '#src/domain/payment-plans/plan-view.ts';
import { replaceMyPlanCard as replace } from '#src/domain/payment-plans/replace-my-plan-card.ts';
import { openMyPlanBillingPortal as openPortal } from '#src/domain/payment-plans/stripe/open-my-plan-billing-portal.ts';
import { orderNotFound } from '#src/domain/orders/get-store-order.ts';
import { customerOf } from '../members/member-context.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler, HandlerRegistry } from '../types.ts';

const listMyPaymentPlans: Handler<'listMyPaymentPlans'> = async (input, ctx) => {
  const { customerId } = customerOf(ctx, input.storeId);
  return { plans: await findPlanViews(ctx.db, ofCustomer(input.storeId, customerId)) };
};

const replaceMyPlanCard: Handler<'replaceMyPlanCard'> = (input, ctx) =>
  replace({ db: ctx.db, now: ctx.now(), publicUrl: ctx.env.publicUrl }, { ...input, ...customerOf(ctx, input.storeId) });

const openMyPlanBillingPortal: Handler<'openMyPlanBillingPortal'> = (input, ctx) => openPortal({ db: ctx.db, env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) });

/** Another store's order answers like a missing one. */
const getOrderPaymentPlan: Handler<'getOrderPaymentPlan'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  const [order] = await ctx.db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, input.orderId));
  if (order?.storeId !== store.id) throw orderNotFound();
  const [plan] = await findPlanViews(ctx.db, ofOrder(store.id, input.orderId));
  return { plan: plan ?? null };
};

/** Payment plans (decision 047); ../index.ts spreads them into the registry. */
export const paymentPlanHandlers = { listMyPaymentPlans, replaceMyPlanCard, getOrderPaymentPlan, openMyPlanBillingPortal } satisfies Partial<HandlerRegistry>;
