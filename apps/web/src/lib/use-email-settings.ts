import { useQuery } from '@tanstack/react-query';
import { callFunction } from './call-function.ts';
import { STORE_KEYS } from './store-keys.ts';

/** The store's email settings (Settings › Email edits them; campaigns read the provider). */
export function useEmailSettings(storeId: string) {
  return useQuery({ queryKey: STORE_KEYS.emailSettings(storeId), queryFn: () => callFunction('getEmailSettings', { storeId }) });
}
