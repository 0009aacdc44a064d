import type { DiscountFields } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const DISCOUNT_KEYS = {
  list: (storeId: string) => [...STORE_KEYS.store(storeId), 'discount-codes'] as const,
  products: (storeId: string) => [...STORE_KEYS.store(storeId), 'discount-codes', 'products'] as const,
};

export function useDiscountCodes(storeId: string) {
  return useQuery({ queryKey: DISCOUNT_KEYS.list(storeId), queryFn: () => callFunction('listDiscountCodes', { storeId }) });
}

/** The store's products and currency, for the "Applies to" choice and the amount field. */
export function useDiscountProducts(storeId: string) {
  return useQuery({ queryKey: DISCOUNT_KEYS.products(storeId), queryFn: () => callFunction('listProducts', { storeId }) });
}

/** Creates when `discountId` is absent, else replaces the code's fields. */
export function useSaveDiscountCode(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ discountId, fields }: { discountId?: string | undefined; fields: DiscountFields }) =>
      discountId ? callFunction('updateDiscountCode', { storeId, discountId, fields }) : callFunction('createDiscountCode', { storeId, fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNT_KEYS.list(storeId) }),
  });
}

export function useDeleteDiscountCode(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discountId: string) => callFunction('deleteDiscountCode', { storeId, discountId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DISCOUNT_KEYS.list(storeId) }),
  });
}
