import { paymentPlanText, planSchedule, type PaymentPlanView, type PlanScheduleLine } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { formatPurchaseDate } from '#src/features/members/format.ts';
import { useMyPaymentPlans, useOpenPlanBillingPortal } from '#src/features/members/api/payment-plans-api.ts';
import { PlanCardDialog } from './plan-card-dialog.tsx';

const STATUS: Record<PaymentPlanView['status'], string> = {
  active: 'Active',
  past_due: 'Payment failed',
  locked: 'Access paused',
  completed: 'Paid in full',
  cancelled: 'Refunded',
};

/** One instalment as the buyer reads it: "Paid Jun 1, 2030", "Due Jul 1, 2030", "Failed — next try Jul 2, 2030". */
export function scheduleLineText(line: PlanScheduleLine): string {
  switch (line.state) {
    case 'paid':
      return `Paid ${formatPurchaseDate(line.at)}`;
    case 'refunded':
      return 'Refunded';
    case 'failed':
      return line.at ? `Failed — next try ${formatPurchaseDate(line.at)}` : 'Failed — update your card';
    case 'due':
      return line.at ? `Due ${formatPurchaseDate(line.at)}` : 'Due';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Where "Manage billing" sends the buyer (Stripe's portal); tests replace it. */
export const planPortalBrowser = { assign: (url: string) => window.location.assign(url) };

/** The section's heading: a locked purchase links here to update the card. */
export const PLANS_HEADING_ID = 'payment-plans-title';

/**
 * "Payment plans" in the members area (decision 047): each plan's instalments, the next payment,
 * and while it is still being paid "Update card" (test provider) or "Manage billing" (Stripe's
 * customer portal). Nothing shows without a plan.
 */
export function PaymentPlansSection({ storeId }: { storeId: string }) {
  const plans = useMyPaymentPlans(storeId);
  const portal = useOpenPlanBillingPortal(storeId);
  const [updating, setUpdating] = useState<PaymentPlanView | null>(null);
  if (plans.isPending || (plans.data && plans.data.plans.length === 0)) return null;
  if (plans.isError) return <Alert title="Your payment plans could not load">{errorMessage(plans.error)}</Alert>;
  return (
    <section aria-labelledby={PLANS_HEADING_ID}>
      <h2 id={PLANS_HEADING_ID} className="mb-3 text-lg font-semibold text-slate-900">
        Payment plans
      </h2>
      <ul className="space-y-3">
        {plans.data.plans.map((plan) => (
          <li key={plan.id} className="sf-members-item rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <article aria-label={plan.productTitle} className="space-y-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold text-slate-900">{plan.productTitle}</h3>
                  <p className="text-sm text-slate-600">{paymentPlanText(plan.instalments, plan.instalmentCents, plan.currency, 'en-US')}</p>
                </div>
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">{STATUS[plan.status]}</span>
              </div>
              {plan.status === 'past_due' && plan.graceUntil ? (
                <Alert tone="warning">Your last payment failed. Update your card{plan.provider === 'stripe' ? ' in Manage billing' : ''} to keep access after {formatPurchaseDate(plan.graceUntil)}.</Alert>
              ) : null}
              {plan.status === 'locked' ? (
                <Alert>
                  {plan.provider === 'stripe'
                    ? 'Your access is paused: a payment is overdue and Stripe has stopped the plan. Contact the seller to pay it.'
                    : 'Your access is paused: a payment is overdue. Update your card to pay it and get access back.'}
                </Alert>
              ) : null}
              <ol className="space-y-1 text-sm text-slate-700">
                {planSchedule(plan).map((line) => (
                  <li key={line.instalment}>
                    <span className="font-medium">Instalment {line.instalment}:</span> {scheduleLineText(line)}
                  </li>
                ))}
              </ol>
              {plan.provider === 'test' && (plan.status === 'active' || plan.status === 'past_due' || plan.status === 'locked') ? (
                <Button variant="secondary" onClick={() => setUpdating(plan)}>
                  Update card
                </Button>
              ) : null}
              {plan.provider === 'stripe' && (plan.status === 'active' || plan.status === 'past_due') ? (
                <Button
                  variant="secondary"
                  onClick={() => portal.mutate(plan.id, { onSuccess: ({ url }) => planPortalBrowser.assign(url) })}
                  disabled={portal.isPending}
                  aria-busy={portal.isPending}
                >
                  {portal.isPending && portal.variables === plan.id ? 'Opening Stripe…' : 'Manage billing'}
                </Button>
              ) : null}
              {portal.isError && portal.variables === plan.id ? <Alert title="Stripe could not open">{errorMessage(portal.error)}</Alert> : null}
            </article>
          </li>
        ))}
      </ul>
      <PlanCardDialog storeId={storeId} plan={updating} onClose={() => setUpdating(null)} />
    </section>
  );
}
