import { lazy, Suspense } from 'react';
import { useActiveStore } from '#src/lib/active-store.ts';

// Few owners ever see it: its wording loads only when the active store is offline.
const StoreOfflineNotice = lazy(() => import('./store-offline-notice.tsx').then((module) => ({ default: module.StoreOfflineNotice })));

/**
 * The owner's side of an offline store (visitors only ever see "This store is offline"): an
 * admin's unpublish with its reason, or a store beyond the plan's limit with the way back.
 */
export function StoreOfflineBanner() {
  const { store } = useActiveStore();
  if (store?.offlineReason !== 'abuse' && store?.offlineReason !== 'plan-limit') return null;
  return (
    <Suspense fallback={null}>
      <StoreOfflineNotice store={store} />
    </Suspense>
  );
}
