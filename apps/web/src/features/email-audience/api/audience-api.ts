import type { SegmentFilter } from '@shopfront/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const AUDIENCE_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-audience'] as const,
  segments: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-audience', 'segments'] as const,
  count: (storeId: string, filter: SegmentFilter) => [...STORE_KEYS.store(storeId), 'email-audience', 'count', filter] as const,
  products: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-audience', 'products'] as const,
};

export function useEmailSegments(storeId: string) {
  return useQuery({ queryKey: AUDIENCE_KEYS.segments(storeId), queryFn: () => callFunction('listEmailSegments', { storeId }) });
}

/** Who a filter reaches now; the previous answer stays on screen while the next one loads. */
export function useSegmentCount(storeId: string, filter: SegmentFilter | null) {
  return useQuery({
    queryKey: AUDIENCE_KEYS.count(storeId, filter ?? {}),
    queryFn: () => callFunction('countSegmentRecipients', { storeId, filter: filter ?? {} }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** The store's products, for "Bought any of". */
export function useAudienceProducts(storeId: string) {
  return useQuery({ queryKey: AUDIENCE_KEYS.products(storeId), queryFn: () => callFunction('listProducts', { storeId }) });
}

/** Creates when `segmentId` is absent, else replaces the segment's name and filter. */
export function useSaveSegment(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ segmentId, name, filter }: { segmentId?: string | undefined; name: string; filter: SegmentFilter }) =>
      segmentId ? callFunction('updateEmailSegment', { storeId, segmentId, name, filter }) : callFunction('createEmailSegment', { storeId, name, filter }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUDIENCE_KEYS.segments(storeId) }),
  });
}

export function useDeleteSegment(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segmentId: string) => callFunction('deleteEmailSegment', { storeId, segmentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUDIENCE_KEYS.segments(storeId) }),
  });
}

export function usePreviewImport(storeId: string) {
  return useMutation({ mutationFn: (csv: string) => callFunction('previewContactImport', { storeId, csv }) });
}

/**
 * After an import every count may change: segments and live counts refetch; the customers list too.
 * `importKey` is made once per chosen file, so a repeat of the same import answers the first one.
 */
export function useImportContacts(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, importKey }: { csv: string; importKey: string }) => callFunction('importContacts', { storeId, csv, consentConfirmed: true, importKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_KEYS.store(storeId) }),
  });
}
