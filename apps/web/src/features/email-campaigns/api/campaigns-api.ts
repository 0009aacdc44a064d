import type { EmailCampaign, EmailCampaignFields } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';

/** How often a list or campaign that is sending asks again, until it is done. */
export const SENDING_POLL_MS = 3_000;

/** Under the store's key, so switching or deleting a store refetches everything here. */
export const CAMPAIGN_KEYS = {
  all: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-campaigns'] as const,
  list: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-campaigns', 'list'] as const,
  one: (storeId: string, campaignId: string) => [...STORE_KEYS.store(storeId), 'email-campaigns', 'one', campaignId] as const,
  segments: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-segments'] as const,
  products: (storeId: string) => [...STORE_KEYS.store(storeId), 'email-campaigns', 'products'] as const,
  /** The same key as Settings › Time zone, so a change there shows here. */
  timeZone: (storeId: string) => [...STORE_KEYS.store(storeId), 'timeZone'] as const,
};

const isActive = (campaign: EmailCampaign) => campaign.status === 'sending' || campaign.status === 'scheduled';

/** The store's campaigns, newest first; asks again while one is scheduled or sending. */
export function useCampaigns(storeId: string) {
  return useQuery({
    queryKey: CAMPAIGN_KEYS.list(storeId),
    queryFn: () => callFunction('listEmailCampaigns', { storeId }),
    refetchInterval: (query) => (query.state.data?.campaigns.some(isActive) ? SENDING_POLL_MS : false),
  });
}

/** One campaign; asks again while it is scheduled or sending, so the numbers move. */
export function useCampaign(storeId: string, campaignId: string | null) {
  return useQuery({
    queryKey: CAMPAIGN_KEYS.one(storeId, campaignId ?? ''),
    queryFn: () => callFunction('getEmailCampaign', { storeId, campaignId: campaignId ?? '' }),
    enabled: campaignId !== null,
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? SENDING_POLL_MS : false),
  });
}

export function useSegments(storeId: string) {
  return useQuery({ queryKey: CAMPAIGN_KEYS.segments(storeId), queryFn: () => callFunction('listEmailSegments', { storeId }) });
}

/** Who "Everyone who opted in" reaches now: the empty filter's recipient count. */
export function useEveryoneCount(storeId: string) {
  return useQuery({
    queryKey: [...CAMPAIGN_KEYS.segments(storeId), 'everyone'] as const,
    queryFn: () => callFunction('countSegmentRecipients', { storeId, filter: {} }),
  });
}

/** The store's products, for the product card block. */
export function useStoreProducts(storeId: string) {
  return useQuery({ queryKey: CAMPAIGN_KEYS.products(storeId), queryFn: () => callFunction('listProducts', { storeId }) });
}

/** The store's IANA time zone; UTC while it loads or when it cannot be read. */
export function useStoreTimeZone(storeId: string): string {
  const zone = useQuery({ queryKey: CAMPAIGN_KEYS.timeZone(storeId), queryFn: () => callFunction('getStoreTimeZone', { storeId }), retry: false, staleTime: 5 * 60_000 });
  return zone.data?.timeZone ?? 'UTC';
}

function useCampaignMutation<Input>(storeId: string, run: (input: Input) => Promise<EmailCampaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (campaign) => {
      queryClient.setQueryData(CAMPAIGN_KEYS.one(storeId, campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: CAMPAIGN_KEYS.list(storeId) });
    },
  });
}

/** Creates when `campaignId` is absent, else replaces the draft's fields. */
export function useSaveCampaign(storeId: string) {
  return useCampaignMutation(storeId, ({ campaignId, fields }: { campaignId?: string | undefined; fields: EmailCampaignFields }) =>
    campaignId ? callFunction('updateEmailCampaign', { storeId, campaignId, fields }) : callFunction('createEmailCampaign', { storeId, fields }),
  );
}

/** `sendAt` null sends now; else an ISO 8601 instant with its offset. */
export function useScheduleCampaign(storeId: string) {
  return useCampaignMutation(storeId, ({ campaignId, sendAt }: { campaignId: string; sendAt: string | null }) => callFunction('scheduleEmailCampaign', { storeId, campaignId, sendAt }));
}

export function useCancelCampaign(storeId: string) {
  return useCampaignMutation(storeId, (campaignId: string) => callFunction('cancelEmailCampaign', { storeId, campaignId }));
}

export function useStopCampaign(storeId: string) {
  return useCampaignMutation(storeId, (campaignId: string) => callFunction('stopEmailCampaign', { storeId, campaignId }));
}

export function useDeleteCampaign(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => callFunction('deleteEmailCampaign', { storeId, campaignId }),
    onSuccess: (_result, campaignId) => {
      queryClient.removeQueries({ queryKey: CAMPAIGN_KEYS.one(storeId, campaignId) });
      return queryClient.invalidateQueries({ queryKey: CAMPAIGN_KEYS.list(storeId) });
    },
  });
}

export function useSendTestEmail(storeId: string) {
  return useMutation({ mutationFn: (campaignId: string) => callFunction('sendTestEmail', { storeId, campaignId }) });
}

/** The email as a recipient would get it, for the fields as they are in the editor now. */
export function usePreviewCampaign(storeId: string, fields: EmailCampaignFields | null) {
  return useQuery({
    queryKey: [...CAMPAIGN_KEYS.all(storeId), 'preview', fields] as const,
    queryFn: () => callFunction('previewEmailCampaign', { storeId, fields: fields as EmailCampaignFields }),
    enabled: fields !== null,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
