import { isPaidPlanId, PLANS, storeLimitForPlan, type BillingInterval } from '@shopfront/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useBilling, useChangePlan, useChoosePublishedStores, useOpenBillingPortal, useStartPlanCheckout, type Billing } from '../api/billing-api.ts';
import { dateText, priceText, storesText } from './billing-format.ts';
import { InvoicesList } from './invoices-list.tsx';
import { PlanCards, type PlanAction } from './plan-cards.tsx';
import { StoreChooserDialog } from './store-chooser-dialog.tsx';

/** Sends the browser to the provider's checkout or portal (a seam for tests). */
export const billingBrowser = { assign: (url: string) => window.location.assign(url) };

/** The test provider confirms at once; Stripe's event follows the request. */
const changedText = (billing: Billing, planId: keyof typeof PLANS) =>
  billing.provider === 'test' ? `You're now on the ${PLANS[planId].name} plan.` : `Your change to the ${PLANS[planId].name} plan is being confirmed.`;
const isLive = (billing: Billing | undefined) => billing?.subscription?.status === 'active' || billing?.subscription?.status === 'past_due';
/** The stores a plan's limit counts: not offline for another reason (abuse, a deactivated owner). */
const limitedStores = (billing: Billing) => billing.stores.filter((store) => store.offlineReason === null || store.offlineReason === 'plan-limit');

/**
 * Settings › Billing: the current plan, what each plan gives, monthly or yearly, upgrade and
 * downgrade (choosing which stores stay published when the new plan allows fewer), the grace
 * period after a failed payment, and the invoices. The plan shown is the server's: it changes
 * only when the payment provider confirms, so coming back from checkout polls until it has.
 */
export function BillingScreen() {
  const [params] = useSearchParams();
  const returned = params.get('checkout') === 'done';
  const billing = useBilling({ poll: returned });
  return (
    <div className="space-y-8">
      {billing.isPending ? (
        <Spinner label="Loading your plan" />
      ) : billing.isError ? (
        <Alert title="Billing could not load">
          {errorMessage(billing.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void billing.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <BillingBody billing={billing.data} returned={returned} />
      )}
    </div>
  );
}

type Dialogs = { kind: 'confirm-downgrade'; action: PlanAction } | { kind: 'choose-downgrade'; action: PlanAction } | { kind: 'choose-now' } | null;

function BillingBody({ billing, returned }: { billing: Billing; returned: boolean }) {
  const live = isLive(billing);
  const [interval, setBillingInterval] = useState<BillingInterval>(billing.subscription?.interval ?? 'month');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const checkout = useStartPlanCheckout();
  const change = useChangePlan();
  const choose = useChoosePublishedStores();
  const portal = useOpenBillingPortal();
  const plan = PLANS[billing.planId];
  const counted = limitedStores(billing);
  const online = counted.filter((store) => store.offlineReason === null).map((store) => store.id);
  const offlineByPlan = counted.filter((store) => store.offlineReason === 'plan-limit');
  const sub = billing.subscription;

  const onAction = (action: PlanAction) => {
    if (action.kind === 'subscribe') {
      if (!isPaidPlanId(action.planId)) return;
      checkout.mutate({ planId: action.planId, interval }, { onSuccess: ({ url }) => billingBrowser.assign(url) });
    } else if (action.kind === 'upgrade') {
      change.mutate({ planId: action.planId, interval }, { onSuccess: () => toast.success(changedText(billing, action.planId)) });
    } else {
      setDialog({ kind: counted.length > storeLimitForPlan(action.planId) ? 'choose-downgrade' : 'confirm-downgrade', action });
    }
  };
  const downgrade = (action: PlanAction, keepStoreIds?: string[]) =>
    change.mutate(
      { planId: action.planId, ...(action.planId === 'free' ? {} : { interval }), ...(keepStoreIds ? { keepStoreIds } : {}) },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(changedText(billing, action.planId));
        },
      },
    );
  const openPortal = () => portal.mutate(undefined, { onSuccess: ({ url }) => billingBrowser.assign(url) });

  return (
    <>
      {billing.provider === null ? <Alert tone="info">Paid plans are not available on this server yet: payments are not set up.</Alert> : null}
      {returned && !live ? <Alert tone="info">Thanks! Your plan changes as soon as the payment is confirmed.</Alert> : null}
      {sub?.status === 'past_due' && sub.graceUntil ? (
        <Alert tone="warning">
          Payment failed — your {PLANS[sub.planId].name} plan stays until {dateText(sub.graceUntil)}, then drops to free.{' '}
          <button type="button" className="font-semibold underline" onClick={openPortal}>
            Update your card
          </button>
        </Alert>
      ) : null}
      {billing.pendingPlanId ? <Alert tone="info">Your change to the {PLANS[billing.pendingPlanId].name} plan is waiting for the payment provider to confirm it.</Alert> : null}
      {offlineByPlan.length > 0 ? (
        <Alert tone="warning" title={`${storesText(offlineByPlan.length)} offline`}>
          Your {plan.name} plan allows {storesText(plan.storeLimit)}, so {offlineByPlan.map((store) => store.name).join(', ')} {offlineByPlan.length === 1 ? 'is' : 'are'} offline. Nothing was deleted.{' '}
          <button type="button" className="font-semibold underline" onClick={() => setDialog({ kind: 'choose-now' })}>
            Choose which stores are published
          </button>
        </Alert>
      ) : null}

      <section aria-labelledby="current-plan-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="current-plan-title" className="text-lg font-semibold text-slate-900">
          Current plan: {plan.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="current-plan">
          {sub && live ? `${priceText(sub.priceCents, sub.interval)}${sub.currentPeriodEnd ? ` · renews ${dateText(sub.currentPeriodEnd)}` : ''}` : 'Free'} · up to {storesText(plan.storeLimit)} ·{' '}
          {plan.platformFeePercent > 0 ? `${plan.platformFeePercent}% platform fee` : 'no platform fee'}
        </p>
        {live ? (
          <div className="mt-4">
            <Button variant="secondary" onClick={openPortal} disabled={portal.isPending} aria-busy={portal.isPending}>
              {portal.isPending ? 'Opening…' : 'Manage card and cancellation'}
            </Button>
          </div>
        ) : null}
        {portal.isError ? <Alert className="mt-3">{errorMessage(portal.error)}</Alert> : null}
      </section>

      <section aria-labelledby="plans-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
            Plans
          </h2>
          <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">Billing interval</legend>
            {(['month', 'year'] as const).map((value) => (
              <label key={value} className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-700 has-[:checked]:bg-white has-[:checked]:text-slate-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                <input type="radio" name="interval" value={value} className="sr-only" checked={interval === value} onChange={() => setBillingInterval(value)} />
                {value === 'month' ? 'Monthly' : 'Yearly (2 months free)'}
              </label>
            ))}
          </fieldset>
        </div>
        {checkout.isError ? <Alert>{errorMessage(checkout.error)}</Alert> : null}
        {change.isError && !dialog ? <Alert>{errorMessage(change.error)}</Alert> : null}
        <PlanCards
          billing={billing}
          interval={interval}
          busy={billing.provider === null || checkout.isPending || checkout.isSuccess || change.isPending}
          onAction={onAction}
        />
      </section>

      <section aria-labelledby="invoices-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="invoices-title" className="mb-2 text-lg font-semibold text-slate-900">
          Invoices
        </h2>
        <InvoicesList />
      </section>

      {dialog?.kind === 'confirm-downgrade' ? (
        <ConfirmDialog
          open
          title={`Downgrade to ${PLANS[dialog.action.planId].name}?`}
          description={dialog.action.planId === 'free' ? 'Your subscription ends now and you move to the free plan.' : `Your plan changes to ${PLANS[dialog.action.planId].name}.`}
          confirmLabel="Downgrade"
          pendingLabel="Downgrading…"
          pending={change.isPending}
          error={change.isError ? errorMessage(change.error) : null}
          onConfirm={() => downgrade(dialog.action)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'choose-downgrade' ? (
        <StoreChooserDialog
          open
          title={`Downgrade to ${PLANS[dialog.action.planId].name}`}
          description={`The ${PLANS[dialog.action.planId].name} plan allows ${storesText(storeLimitForPlan(dialog.action.planId))}. Choose which stay published.`}
          stores={counted}
          limit={storeLimitForPlan(dialog.action.planId)}
          initial={online}
          confirmLabel="Downgrade"
          pendingLabel="Downgrading…"
          pending={change.isPending}
          error={change.isError ? errorMessage(change.error) : null}
          onConfirm={(storeIds) => downgrade(dialog.action, storeIds)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'choose-now' ? (
        <StoreChooserDialog
          open
          title="Choose published stores"
          description={`Your ${plan.name} plan allows ${storesText(plan.storeLimit)}.`}
          stores={counted}
          limit={plan.storeLimit}
          initial={online}
          confirmLabel="Save"
          pendingLabel="Saving…"
          pending={choose.isPending}
          error={choose.isError ? errorMessage(choose.error) : null}
          onConfirm={(storeIds) => choose.mutate(storeIds, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
