import type { CallSettingsFields } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { PRODUCT_KEYS } from './product-keys.ts';

/** Under the product's own key, so deleting or switching the store drops them with it. */
export const callSettingsKey = (storeId: string, productId: string) => [...PRODUCT_KEYS.one(storeId, productId), 'call-settings'] as const;

/** A call product's settings (created with the product, so a saved call always has them). */
export function useCallSettings(storeId: string, productId: string | null) {
  return useQuery({
    queryKey: callSettingsKey(storeId, productId ?? ''),
    queryFn: () => callFunction('getCallSettings', { storeId, productId: productId ?? '' }),
    enabled: productId !== null,
  });
}

/** updateCallSettings, whole; the answer replaces the cached settings. */
export function useSaveCallSettings(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CallSettingsFields) => callFunction('updateCallSettings', { storeId, productId, settings }),
    onSuccess: (saved) => queryClient.setQueryData(callSettingsKey(storeId, productId), saved),
  });
}
