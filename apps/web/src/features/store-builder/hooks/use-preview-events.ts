import { StoreProfileSchema, type StoreProfile } from '@shopfront/core';
import { useEffect, useEffectEvent, useState } from 'react';

export type PreviewConnection = 'connecting' | 'live' | 'reconnecting' | 'off';

/**
 * The server pushes the store's draft over SSE (`event: draft`) whenever it changes, from
 * any tab. EventSource reconnects by itself (the server sends `retry: 3000`).
 */
export function usePreviewEvents(storeId: string, onDraft: (profile: StoreProfile) => void): PreviewConnection {
  const [connection, setConnection] = useState<PreviewConnection>(() => (typeof EventSource === 'undefined' ? 'off' : 'connecting'));
  const onDraftEvent = useEffectEvent(onDraft);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/stores/${encodeURIComponent(storeId)}/preview-events`, { withCredentials: true });
    source.onopen = () => setConnection('live');
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    source.addEventListener('draft', (event) => {
      try {
        const parsed = StoreProfileSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) onDraftEvent(parsed.data);
      } catch {
        // A malformed event is skipped; the next one carries the whole draft again.
      }
    });
    return () => source.close();
  }, [storeId]);

  return connection;
}
