import type { Database } from '#src/db/client.ts';
import { ANALYTICS_CHANGED_PREFIX, DASHBOARD_CHANGED_CHANNEL } from '#src/db/dashboard-events.ts';
import { listenConnectionOf, listenToChannels } from '#src/db/listen.ts';
import type { Logger } from '#src/logger.ts';
import { COMPRESS_MIN_BYTES, encodeAnswer } from '../compress-answers.ts';
import { AnswerStore, type AnswerMatch, type AnswerScope, type AnswerStoreLimits, type KeptAnswer } from './answer-store.ts';

/** Two hundred products are ~105 KB of JSON (~13 KB with both compressed forms held beside it). */
export const DEFAULT_ANSWER_LIMITS: AnswerStoreLimits = { maxEntries: 20_000, maxBytes: 128 * 1024 * 1024 };

export interface AnswerOwner {
  storeId: string;
  creatorId: string;
  scope: AnswerScope;
  version: string;
}

interface Fill extends AnswerOwner {
  key: string;
  stale: boolean;
  promise: Promise<KeptAnswer>;
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/**
 * Dashboard answers read often and changed rarely (the product list, store stats, the analytics
 * overview), kept per store as the bytes sent (docs/selling.md "At 100,000 orders"). Like the
 * storefront's pages: kept only while this server LISTENs on `dashboard_changed`, whose
 * notifications the database's own triggers send on every write to the rows they are made of
 * (migration 0029), from any server; every (re)connection drops everything; a read that overlaps
 * a change of its store is answered but not kept. A creator's own writes through this server drop
 * that creator's answers before the write answers (`dropCreator`), so they are seen at once here
 * and, one notification later, on every other server.
 */
export function createAnswerCache(options: { db: Database; log: Pick<Logger, 'warn'>; limits?: AnswerStoreLimits }) {
  const store = new AnswerStore(options.limits ?? DEFAULT_ANSWER_LIMITS);
  const fills = new Map<string, Fill>();
  let listening = false;

  function drop(match: AnswerMatch, storeId?: string): void {
    store.drop(match, storeId);
    for (const [key, fill] of fills) {
      if ((storeId === undefined || fill.storeId === storeId) && match(fill)) {
        fill.stale = true;
        fills.delete(key);
      }
    }
  }
  const dropAll = () => drop(() => true);

  const listener = listenToChannels({
    connection: listenConnectionOf(options.db),
    channels: [DASHBOARD_CHANGED_CHANNEL],
    log: options.log,
    name: 'shopfront-dashboard-listen',
    onNotify: (_channel, payload) => {
      if (payload === '') dropAll();
      else if (payload.startsWith(ANALYTICS_CHANGED_PREFIX)) drop((answer) => answer.scope === 'analytics', payload.slice(ANALYTICS_CHANGED_PREFIX.length));
      else drop(() => true, payload);
    },
    onConnected: () => {
      dropAll();
      listening = true;
    },
    onDisconnected: () => {
      listening = false;
      dropAll();
    },
  });

  return {
    /** The kept answer under `key` read at `version`, while LISTEN is up. */
    peek(key: string, version: string): KeptAnswer | undefined {
      const answer = listening ? store.get(key) : undefined;
      return answer?.version === version ? answer : undefined;
    },
    /**
     * Reads the answer (`produce` returns its JSON text) and keeps it in place of the key's older
     * one, unless its store changed meanwhile or LISTEN is down. Concurrent misses of one key and
     * version share one read. A read started at a version sees rows at least as new as it.
     */
    fill(key: string, owner: AnswerOwner, produce: () => Promise<string>): Promise<KeptAnswer> {
      const fillKey = `${key}#${owner.version}`;
      const pending = fills.get(fillKey);
      if (pending) return pending.promise;
      const fill = { ...owner, key, stale: false } as Fill;
      fills.set(fillKey, fill);
      fill.promise = (async () => {
        try {
          const answer = toKeptAnswer(owner, await produce());
          if (!fill.stale && listening) store.set(key, answer);
          return answer;
        } finally {
          if (fills.get(fillKey) === fill) fills.delete(fillKey);
        }
      })();
      return fill.promise;
    },
    /** This server's caller changed something: that creator's answers go before the change answers. */
    dropCreator(creatorId: string): void {
      drop((answer) => answer.creatorId === creatorId);
    },
    isListening: () => listening,
    whenListening: () => listener.whenListening(),
    stats: () => store.stats(),
    close: () => listener.close(),
  };
}

function toKeptAnswer(owner: AnswerOwner, text: string): KeptAnswer {
  const json = Buffer.from(text, 'utf8');
  if (json.length < COMPRESS_MIN_BYTES) return { ...owner, json };
  return { ...owner, json, br: encodeAnswer(json, 'br', json.length), gzip: encodeAnswer(json, 'gzip', json.length) };
}
