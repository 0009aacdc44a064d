import type { WebsitePage, WebsitePageContent, WebsitePageFields, WebsitePageSummary } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const WEBSITE_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'website'] as const,
  pages: (storeId: string) => [...STORE_KEYS.store(storeId), 'website', 'pages'] as const,
  page: (storeId: string, pageSlug: string) => [...STORE_KEYS.store(storeId), 'website', 'page', pageSlug] as const,
  versions: (storeId: string, pageId: string) => [...STORE_KEYS.store(storeId), 'website', 'versions', pageId] as const,
  products: (storeId: string) => [...STORE_KEYS.store(storeId), 'website', 'products'] as const,
  storefront: (storeId: string) => [...STORE_KEYS.store(storeId), 'website', 'storefront'] as const,
};

/** The website's pages in navigation order (the server creates `home` on first use). */
export function useWebsitePages(storeId: string) {
  return useQuery({ queryKey: WEBSITE_KEYS.pages(storeId), queryFn: () => callFunction('listWebsitePages', { storeId }) });
}

/** One page for the editor; the editor owns the content once loaded, so it is not refetched behind its back. */
export function useWebsitePage(storeId: string, pageSlug: string) {
  return useQuery({
    queryKey: WEBSITE_KEYS.page(storeId, pageSlug),
    queryFn: () => callFunction('getWebsitePage', { storeId, pageSlug }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useWebsitePageVersions(storeId: string, pageId: string | null) {
  return useQuery({
    queryKey: WEBSITE_KEYS.versions(storeId, pageId ?? ''),
    queryFn: () => callFunction('listWebsitePageVersions', { storeId, pageId: pageId ?? '' }),
    enabled: pageId !== null,
  });
}

/** Every product of the store, for the product pickers (drafts too: the creator may publish them later). */
export function useStoreProducts(storeId: string) {
  return useQuery({ queryKey: WEBSITE_KEYS.products(storeId), queryFn: () => callFunction('listProducts', { storeId }) });
}

/** The store as its site shows it (theme, colours, published products), for the editor's canvas. */
export function useStorefrontForCanvas(storeId: string, slug: string) {
  return useQuery({ queryKey: WEBSITE_KEYS.storefront(storeId), queryFn: () => callFunction('getStorefront', { slug, preview: true }) });
}

/** Any change to one page: the list (status, order, titles) and the page itself are asked again. */
function usePageMutation<Input, Output>(storeId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBSITE_KEYS.all(storeId) }),
  });
}

export function useCreatePage(storeId: string) {
  return usePageMutation(storeId, ({ title, slug }: { title: string; slug: string }) => callFunction('createWebsitePage', { storeId, title, slug }));
}

export function useUpdatePage(storeId: string) {
  return usePageMutation(storeId, ({ pageId, fields }: { pageId: string; fields: WebsitePageFields }) => callFunction('updateWebsitePage', { storeId, pageId, fields }));
}

export function useDuplicatePage(storeId: string) {
  return usePageMutation(storeId, (pageId: string) => callFunction('duplicateWebsitePage', { storeId, pageId }));
}

export function useDeletePage(storeId: string) {
  return usePageMutation(storeId, (pageId: string) => callFunction('deleteWebsitePage', { storeId, pageId }));
}

export function usePublishPage(storeId: string) {
  return usePageMutation(storeId, (pageId: string) => callFunction('publishWebsitePage', { storeId, pageId }));
}

export function useUnpublishPage(storeId: string) {
  return usePageMutation(storeId, (pageId: string) => callFunction('unpublishWebsitePage', { storeId, pageId }));
}

export function useDiscardDraft(storeId: string) {
  return usePageMutation(storeId, (pageId: string) => callFunction('discardWebsitePageDraft', { storeId, pageId }));
}

export function useRestoreVersion(storeId: string) {
  return usePageMutation(storeId, ({ pageId, versionId }: { pageId: string; versionId: string }) => callFunction('restoreWebsitePageVersion', { storeId, pageId, versionId }));
}

/** Shows the new order at once and puts the old one back when the server refuses it. */
export function useReorderPages(storeId: string) {
  const queryClient = useQueryClient();
  const key = WEBSITE_KEYS.pages(storeId);
  return useMutation({
    // One move at a time reaches the server, in the order they were made; each shows at once.
    scope: { id: `website-reorder-${storeId}` },
    mutationFn: (pageIds: string[]) => callFunction('reorderWebsitePages', { storeId, pageIds }),
    onMutate: async (pageIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ pages: WebsitePageSummary[] }>(key);
      if (previous) {
        const byId = new Map(previous.pages.map((page) => [page.id, page]));
        queryClient.setQueryData(key, { pages: pageIds.flatMap((id) => byId.get(id) ?? []) });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

export function saveDraft(storeId: string, pageId: string, content: WebsitePageContent) {
  return callFunction('saveWebsitePageDraft', { storeId, pageId, content });
}

/** After an autosave the cached page holds the saved draft, so coming back to the editor shows it. */
export function useMarkDraftSaved(storeId: string, pageSlug: string) {
  const queryClient = useQueryClient();
  return (content: WebsitePageContent, savedAt: string) => {
    queryClient.setQueryData<WebsitePage>(WEBSITE_KEYS.page(storeId, pageSlug), (page) =>
      page ? { ...page, draftContent: content, draftUpdatedAt: savedAt, status: page.publishedAt ? 'changed' : 'draft' } : page,
    );
    void queryClient.invalidateQueries({ queryKey: WEBSITE_KEYS.pages(storeId) });
  };
}
