import type { FunctionName, StoreEmailSettings } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import type { EmailSettingsFields } from '../email-settings-form.ts';

/** Under the store's key, so switching or deleting a store refetches it. */
export const emailSettingsKey = STORE_KEYS.emailSettings;

export { useEmailSettings } from '#src/lib/use-email-settings.ts';

export function useUpdateEmailSettings(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: EmailSettingsFields) => callFunction('updateEmailSettings', { storeId, fields }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey(storeId), settings),
  });
}

/** The sending-account actions: each answers the settings as they are afterwards. */
export type AccountAction = Extract<FunctionName, 'enableStoreEmail' | 'retryEmailSubaccountCreation' | 'retryWebhookCreation'>;

export function useAccountAction(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction): Promise<StoreEmailSettings> => callFunction(action, { storeId }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey(storeId), settings),
  });
}
