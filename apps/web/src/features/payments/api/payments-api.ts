import type { PaymentSettings } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's keys, so switching stores refetches it. */
export const paymentKeys = (storeId: string) => [...STORE_KEYS.store(storeId), 'payments'] as const;

export function usePaymentSettings(storeId: string) {
  return useQuery({ queryKey: paymentKeys(storeId), queryFn: () => callFunction('getPaymentSettings', { storeId }) });
}

/** A change answers the new settings: they replace the cached ones, and the store refetches (its currency). */
function useSettingsMutation<TInput>(storeId: string, run: (input: TInput) => Promise<PaymentSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (settings) => queryClient.setQueryData(paymentKeys(storeId), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STORE_KEYS.store(storeId) }),
  });
}

export const useUpdateCurrency = (storeId: string) =>
  useSettingsMutation(storeId, (currency: string) => callFunction('updatePaymentSettings', { storeId, currency }));

export const useDisconnectStripe = (storeId: string) => useSettingsMutation(storeId, () => callFunction('disconnectStripe', { storeId }));

/** Asks for the Stripe authorize URL; the caller sends the browser there. */
export function useStartStripeConnect(storeId: string) {
  return useMutation({ mutationFn: () => callFunction('startStripeConnect', { storeId }) });
}

export function useCompleteStripeConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; state: string }) => callFunction('completeStripeConnect', input),
    onSuccess: ({ storeId }) => queryClient.invalidateQueries({ queryKey: paymentKeys(storeId) }),
  });
}

export type { PaymentSettings };
