import type { BillingInterval, FunctionOutput, PaidPlanId, PlanId } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export const billingKeys = {
  all: ['billing'] as const,
  overview: ['billing', 'overview'] as const,
  invoices: ['billing', 'invoices'] as const,
};

export type Billing = FunctionOutput<'getBilling'>;
export type Invoice = FunctionOutput<'listInvoices'>['invoices'][number];

/** `poll`: after coming back from checkout, until the provider's event has changed the plan. */
export function useBilling(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.overview,
    queryFn: () => callFunction('getBilling', {}),
    refetchInterval: (query) => {
      const status = query.state.data?.subscription?.status;
      return options.poll && status !== 'active' && status !== 'past_due' ? 2000 : false;
    },
  });
}

export function useInvoices() {
  return useQuery({ queryKey: billingKeys.invoices, queryFn: () => callFunction('listInvoices', {}) });
}

function useBillingMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
}

export const useStartPlanCheckout = () =>
  useMutation({ mutationFn: (input: { planId: PaidPlanId; interval: BillingInterval }) => callFunction('startPlanCheckout', input) });

export const useChangePlan = () =>
  useBillingMutation((input: { planId: PlanId; interval?: BillingInterval; keepStoreIds?: string[] }) => callFunction('changePlan', input));

export const useChoosePublishedStores = () => useBillingMutation((storeIds: string[]) => callFunction('choosePublishedStores', { storeIds }));

export const useOpenBillingPortal = () => useMutation({ mutationFn: () => callFunction('openBillingPortal', {}) });
