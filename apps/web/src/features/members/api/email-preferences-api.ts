import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

export function emailPreferencesQueryKey(storeId: string) {
  return ['members', 'email-preferences', storeId] as const;
}

/** The signed-in customer's own marketing choice at this store. */
export function useEmailPreferences(storeId: string) {
  return useQuery({ queryKey: emailPreferencesQueryKey(storeId), queryFn: () => callFunction('getMemberEmailPreferences', { storeId }) });
}

export function useUpdateEmailPreferences(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketingConsent: boolean) => callFunction('updateMemberEmailPreferences', { storeId, marketingConsent }),
    onSuccess: (result) => queryClient.setQueryData(emailPreferencesQueryKey(storeId), result),
  });
}
