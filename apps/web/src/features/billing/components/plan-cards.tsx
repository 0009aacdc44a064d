import { PLAN_IDS, type BillingInterval, type PlanId } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import type { Billing } from '../api/billing-api.ts';
import { priceText, storesText } from './billing-format.ts';

export type PlanAction = { kind: 'subscribe' | 'upgrade' | 'downgrade'; planId: PlanId };

const rank = (id: PlanId) => PLAN_IDS.indexOf(id);

function actionLabel(action: PlanAction, name: string, samePlan: boolean, interval: BillingInterval): string {
  if (action.kind === 'subscribe') return `Choose ${name}`;
  if (samePlan) return `Switch to ${interval === 'year' ? 'yearly' : 'monthly'}`;
  return action.kind === 'upgrade' ? `Upgrade to ${name}` : `Downgrade to ${name}`;
}

/** What each plan gives, at the chosen billing interval, with the button that moves to it. */
export function PlanCards({ billing, interval, busy, onAction }: { billing: Billing; interval: BillingInterval; busy: boolean; onAction: (action: PlanAction) => void }) {
  const live = billing.subscription && (billing.subscription.status === 'active' || billing.subscription.status === 'past_due');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Plans">
      {billing.plans.map((plan) => {
        const cents = interval === 'year' ? plan.yearlyCents : plan.monthlyCents;
        const current = plan.id === billing.planId && (plan.id === 'free' || !live || billing.subscription?.interval === interval);
        const action: PlanAction | null = current
          ? null
          : !live
            ? plan.id === 'free'
              ? null
              : { kind: 'subscribe', planId: plan.id }
            : { kind: rank(plan.id) > rank(billing.planId) || plan.id === billing.planId ? 'upgrade' : 'downgrade', planId: plan.id };
        const label = action ? actionLabel(action, plan.name, plan.id === billing.planId, interval) : null;
        return (
          <li key={plan.id} className={cn('flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1', current ? 'ring-2 ring-brand-600' : 'ring-slate-200')} aria-current={current ? 'true' : undefined}>
            <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-1 whitespace-nowrap text-xl font-bold tabular-nums text-slate-900">{priceText(cents, interval)}</p>
            <p className="mt-1 text-sm text-slate-600">Up to {storesText(plan.storeLimit)} · {plan.platformFeePercent > 0 ? `${plan.platformFeePercent}% platform fee` : 'No platform fee'}</p>
            <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">✓</span>
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-5">
              {current ? (
                <p className="flex min-h-11 items-center text-sm font-semibold text-brand-700">Current plan</p>
              ) : action && label ? (
                <Button className="w-full whitespace-normal! text-center" variant={action.kind === 'downgrade' ? 'secondary' : 'primary'} disabled={busy} onClick={() => onAction(action)}>
                  {label}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
