import type { FeatureFlags } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { listenConnectionOf, listenToChannels } from '#src/db/listen.ts';
import { FEATURE_FLAGS_CHANGED_CHANNEL } from '#src/db/platform-config-events.ts';
import type { Logger } from '#src/logger.ts';
import { readFeatureFlags } from './read-feature-flags.ts';

export interface FeatureFlagCache {
  /** The flags: from memory while LISTEN is up, else straight from the database. */
  read(): Promise<FeatureFlags>;
  /** Drops the copy now: this server's own change is seen at once, before its NOTIFY arrives. */
  invalidate(): void;
  /** Resolves once LISTEN is active (tests and start-up wait for it). */
  whenListening(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every server's copy of the feature flags (ARCHITECTURE "Feature flags"). Flags are read on most
 * dashboard calls but change a few times a year, so the first read is kept in memory and dropped
 * when `feature_flags_changed` arrives (any server's change, this one's included). As with the
 * storefront cache, memory answers only while the LISTEN connection is up: before it is up, while
 * it is lost and at every reconnect (a change may have been missed), reads go to the database.
 * A read that overlaps a change is answered but not kept; a failed read is never kept.
 */
export function createFeatureFlagCache(options: { db: Database; log: Pick<Logger, 'warn'> }): FeatureFlagCache {
  const { db, log } = options;
  let listening = false;
  let cached: Promise<FeatureFlags> | null = null;
  const invalidate = () => {
    cached = null;
  };
  const listener = listenToChannels({
    connection: listenConnectionOf(db),
    channels: [FEATURE_FLAGS_CHANGED_CHANNEL],
    log,
    name: 'shopfront-flags-listen',
    onNotify: invalidate,
    onConnected: () => {
      invalidate();
      listening = true;
    },
    onDisconnected: () => {
      listening = false;
      invalidate();
    },
  });

  return {
    read() {
      if (!listening) return readFeatureFlags(db);
      if (cached) return cached;
      const pending = readFeatureFlags(db);
      cached = pending;
      pending.catch(() => {
        if (cached === pending) cached = null;
      });
      return pending;
    },
    invalidate,
    whenListening: () => listener.whenListening(),
    close: () => listener.close(),
  };
}
