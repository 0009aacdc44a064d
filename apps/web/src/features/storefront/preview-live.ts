import type { StoreProfile } from '@shopfront/core';

/**
 * The `?preview=true` tab's live updates: the same SSE stream the builder's inline preview reads
 * (`GET /api/stores/{id}/preview-events`, owner only, `event: draft` with the whole StoreProfile
 * after every autosave). Started only on an owner's preview. It ships in the storefront bundle,
 * so it stays small and dependency-free (no zod): the server built the profile from its own
 * schema, and a malformed event is skipped (the next carries the whole draft again).
 * EventSource reconnects by itself. Answers the function that closes the stream.
 */
export function subscribePreview(storeId: string, onProfile: (profile: StoreProfile) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(`/api/stores/${encodeURIComponent(storeId)}/preview-events`, { withCredentials: true });
  source.addEventListener('draft', (event) => {
    try {
      const profile = JSON.parse((event as MessageEvent<string>).data) as StoreProfile;
      if (profile && typeof profile === 'object' && typeof profile.name === 'string') onProfile(profile);
    } catch {
      // skipped, see above
    }
  });
  return () => source.close();
}
