import type pg from 'pg';
import { poolOf, type Database } from '#src/db/client.ts';
import { listenToChannels, type Listener } from '#src/db/listen.ts';
import { STORE_DRAFT_CHANGED_CHANNEL } from '#src/domain/stores/notify-draft-changed.ts';
import type { Logger } from '#src/logger.ts';

export interface DraftEventsHub {
  /** Resolves once this process is LISTENing, so nothing committed afterwards is missed. */
  subscribe(storeId: string, onChange: () => void): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per process for every preview stream: a notification names the
 * store whose draft changed; listeners of that store are told. The connection opens with the
 * first subscriber and reconnects with backoff (db/listen.ts); after a reconnect every listener
 * is told once, since a change may have been missed meanwhile.
 */
export function createDraftEventsHub(options: { db: Database; log: Pick<Logger, 'warn'> }): DraftEventsHub {
  const listeners = new Map<string, Set<() => void>>();
  let listener: Listener | null = null;

  const tell = (storeId: string) => {
    for (const notify of listeners.get(storeId) ?? []) notify();
  };

  return {
    async subscribe(storeId, onChange) {
      listener ??= listenToChannels({
        connection: poolOptions(options.db),
        channels: [STORE_DRAFT_CHANGED_CHANNEL],
        log: options.log,
        name: 'shopfront-preview-listen',
        onNotify: (_channel, payload) => payload && tell(payload),
        onConnected: () => [...listeners.keys()].forEach(tell),
      });
      await listener.whenListening();
      let set = listeners.get(storeId);
      if (!set) listeners.set(storeId, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0 && listeners.get(storeId) === set) listeners.delete(storeId);
      };
    },
    async close() {
      listeners.clear();
      await listener?.close();
    },
  };
}

/** The app's own pool settings (drizzle keeps the pool as `$client`): the same server and user. */
function poolOptions(db: Database): pg.ClientConfig {
  const { connectionString, host, port, user, password, database, ssl, connectionTimeoutMillis } = poolOf(db).options;
  return { connectionString, host, port, user, password, database, ssl, connectionTimeoutMillis };
}
