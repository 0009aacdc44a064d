import { StoreKeyedCache, type StoreKeyedCacheLimits } from '#src/storefront/store-keyed-cache.ts';

/** What a kept answer may depend on beyond its store's rows: analytics answers also read the rollups. */
export type AnswerScope = 'store' | 'analytics';

/** A function's answer as sent, kept for the store it was read from. */
export interface KeptAnswer {
  storeId: string;
  /** The store's owner when it was read: that creator's own writes drop it at once. */
  creatorId: string;
  scope: AnswerScope;
  /** What else it was read at: the versions of the store's counter rows, or '' when it reads none. */
  version: string;
  /** `{"result":…}`, the bytes of the answer without compression. */
  json: Buffer;
  /** Its compressed forms, made once when it is read (none under the size worth compressing). */
  br?: Buffer;
  gzip?: Buffer;
}

export type AnswerStoreLimits = StoreKeyedCacheLimits;

/** Which kept answers a change drops. */
export type AnswerMatch = (answer: Pick<KeptAnswer, 'storeId' | 'creatorId' | 'scope'>) => boolean;

const ENTRY_OVERHEAD_BYTES = 256;
const sizeOf = (answer: KeptAnswer) => answer.json.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + ENTRY_OVERHEAD_BYTES;

/**
 * The kept answers in memory: least recently used first out, bounded by entries and bytes, with
 * an index by store so a store's change drops its answers without a scan of every key.
 */
export class AnswerStore extends StoreKeyedCache<KeptAnswer> {
  constructor(limits: AnswerStoreLimits) {
    super(limits, sizeOf);
  }

  /** Drops the answers `match` picks: of one store (`storeId`), or of every store. */
  drop(match: AnswerMatch, storeId?: string): void {
    for (const key of this.keysOf(storeId)) {
      const answer = this.peek(key);
      if (answer && match(answer)) this.delete(key);
    }
  }
}
