import { storefrontProductOf, type FunctionInput, type FunctionOutput, type Product, type StorefrontProduct } from '@shopfront/core';
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { PRODUCT_KEYS } from './product-keys.ts';

export type ProductList = FunctionOutput<'listProducts'>;

/** The store's products in storefront order, and the store currency. */
export function useProducts(storeId: string, includeArchived = false) {
  return useQuery({
    queryKey: PRODUCT_KEYS.list(storeId, includeArchived),
    queryFn: () => callFunction('listProducts', includeArchived ? { storeId, includeArchived: true } : { storeId }),
    // Toggling "Show archived" keeps the current rows on screen until the other list arrives.
    placeholderData: (previous) => previous,
  });
}

const newestFirst = (a: Product, b: Product) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * The store's published products as visitors see them, newest first as the server lists them
 * before a layout applies (the store builder's preview arranges them by its draft). The same
 * cached list as the products screen and the builder's layout editor, so all three agree.
 */
export function useStorefrontProducts(storeId: string): { products: StorefrontProduct[]; isPending: boolean } {
  const query = useProducts(storeId);
  const products = useMemo(
    () => (query.data?.products ?? []).filter((product) => product.status === 'published').toSorted(newestFirst).map(storefrontProductOf),
    [query.data],
  );
  return { products, isPending: query.isPending };
}

/** One product, for the editor. */
export function useProduct(storeId: string, productId: string | null) {
  return useQuery({
    queryKey: PRODUCT_KEYS.one(storeId, productId ?? ''),
    queryFn: () => callFunction('getProduct', { storeId, productId: productId ?? '' }),
    enabled: productId !== null,
  });
}

/** After any product change: the changed product's own entry is replaced and the lists refetch (not awaited). */
export function rememberProduct(queryClient: QueryClient, product: Product): void {
  queryClient.setQueryData(PRODUCT_KEYS.one(product.storeId, product.id), product);
  void queryClient.invalidateQueries({ queryKey: [...PRODUCT_KEYS.all(product.storeId), 'list'] });
}

type CreateInput = FunctionInput<'createProduct'>;
type UpdateInput = FunctionInput<'updateProduct'>;

/** createProduct or updateProduct, by whether the input names a product. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: CreateInput } | { update: UpdateInput }) =>
      'create' in input ? callFunction('createProduct', input.create) : callFunction('updateProduct', input.update),
    onSuccess: (product) => rememberProduct(queryClient, product),
  });
}

/** Deletes, or archives when the product has orders (the answer says which). */
export function useDeleteProduct(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => callFunction('deleteProduct', { storeId, productId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRODUCT_KEYS.all(storeId) }),
  });
}

export function useDeleteProductFile(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => callFunction('deleteProductFile', { storeId, productId, fileId }),
    onSuccess: (product) => rememberProduct(queryClient, product),
  });
}

/**
 * The storefront order. Optimistic: the list shows the new order at once and goes back to the
 * previous one when the server refuses (the caller shows the error).
 */
export function useReorderProducts(storeId: string, includeArchived: boolean) {
  const queryClient = useQueryClient();
  const key = PRODUCT_KEYS.list(storeId, includeArchived);
  return useMutation({
    mutationFn: (productIds: string[]) => callFunction('reorderProducts', { storeId, productIds }),
    onMutate: async (productIds: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProductList>(key);
      if (previous) queryClient.setQueryData<ProductList>(key, { ...previous, products: arrange(previous.products, productIds) });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // Not awaited: the caller hears the outcome without waiting for the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...PRODUCT_KEYS.all(storeId), 'list'] });
    },
  });
}

/** `products` in the order of `ids`; products not named keep their place after them. */
export function arrange<T extends { id: string }>(products: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...products].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}
