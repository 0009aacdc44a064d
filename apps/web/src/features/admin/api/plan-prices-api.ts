import type { FunctionInput } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

const planPricesKey = ['admin', 'plan-prices'] as const;

export function usePlanPrices() {
  return useQuery({ queryKey: planPricesKey, queryFn: () => callFunction('getPlanPrices', {}) });
}

export function useSetPlanPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'setPlanPrice'>) => callFunction('setPlanPrice', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planPricesKey }),
  });
}
