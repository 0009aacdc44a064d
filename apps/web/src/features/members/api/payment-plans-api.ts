import type { FunctionInput } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { purchasesQueryKey } from './members-api.ts';

export const myPaymentPlansKey = (storeId: string) => ['members', 'payment-plans', storeId] as const;

/** The signed-in customer's payment plans at this store, newest first. */
export function useMyPaymentPlans(storeId: string) {
  return useQuery({ queryKey: myPaymentPlansKey(storeId), queryFn: () => callFunction('listMyPaymentPlans', { storeId }) });
}

export type PlanCardInput = FunctionInput<'replaceMyPlanCard'>['card'];

/** "Update card" on a test plan; a locked plan is charged at once, so the purchases (downloads) refresh too. */
export function useReplacePlanCard(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, card }: { planId: string; card: PlanCardInput }) => callFunction('replaceMyPlanCard', { storeId, planId, card }),
    onSuccess: async (answer) => {
      if (answer.kind !== 'replaced') return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: myPaymentPlansKey(storeId) }), queryClient.invalidateQueries({ queryKey: purchasesQueryKey(storeId) })]);
    },
  });
}

/** "Manage billing" on a plan billed by Stripe: Stripe's customer portal; answers where to send the buyer. */
export const useOpenPlanBillingPortal = (storeId: string) => useMutation({ mutationFn: (planId: string) => callFunction('openMyPlanBillingPortal', { storeId, planId }) });
