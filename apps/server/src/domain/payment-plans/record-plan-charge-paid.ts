// Exports recordPlanChargePaid and recordPlanChargesRefunded: what a plan's later instalment adds to revenue and commissions, for every provider's path.
import type { Transaction } from '#src/db/executor.ts';
import type { PaymentPlanRow } from '#src/db/schema/index.ts';
import { recordServerEvent } from '#src/domain/analytics/ingest/record-server-event.ts';
import { insertInstalmentCommission, reverseInstalmentCommissions } from '#src/domain/affiliates/instalment-commission.ts';

export interface PaidPlanCharge {
  id: string;
  instalment: number;
  amountCents: number;
  currency: string;
}

/**
 * A later instalment of a plan was paid (decision 047), in the transaction that booked its paid
 * `payment_plan_charges` row, once per charge (call it only when that row was inserted, not on a
 * replay). The Sales totals and the store's kept counters already count the row (trigger, migration
 * 0057); this adds its revenue to the analytics (a `plan_instalment` event: revenue, not a sale,
 * once per charge) and the referring affiliate's commission on it (once per charge). The first
 * instalment is the order's own and is counted by fulfilment: nothing is added for it.
 */
export async function recordPlanChargePaid(tx: Transaction, plan: Pick<PaymentPlanRow, 'storeId' | 'orderId' | 'productId' | 'provider'>, charge: PaidPlanCharge, now: Date): Promise<void> {
  if (charge.instalment <= 1) return;
  await recordServerEvent(tx, {
    storeId: plan.storeId,
    type: 'plan_instalment',
    key: charge.id,
    at: now,
    visitor: { visitor: null, visitDay: null },
    productId: plan.productId,
    orderId: plan.orderId,
    revenueCents: charge.amountCents,
  });
  await insertInstalmentCommission(tx, { orderId: plan.orderId, charge: { ...charge, storeId: plan.storeId }, testMode: plan.provider === 'test', now });
}

/**
 * Later instalments were refunded (a plan order refunds whole), in the refund's transaction after
 * their rows became `refunded`: each one's commission is reversed. The counters follow the rows'
 * status by trigger; the order's own refund reverses the first instalment's commission.
 */
export async function recordPlanChargesRefunded(tx: Transaction, chargeIds: string[], now: Date): Promise<void> {
  await reverseInstalmentCommissions(tx, { chargeIds, now });
}
