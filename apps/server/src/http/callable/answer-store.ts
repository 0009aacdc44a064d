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

export interface AnswerStoreLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Which kept answers a change drops. */
export type AnswerMatch = (answer: Pick<KeptAnswer, 'storeId' | 'creatorId' | 'scope'>) => boolean;

const ENTRY_OVERHEAD_BYTES = 256;
const sizeOf = (answer: KeptAnswer) => answer.json.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + ENTRY_OVERHEAD_BYTES;

/**
 * The kept answers in memory: least recently used first out, bounded by entries and bytes, with
 * an index by store so a store's change drops its answers without a scan of every key.
 */
export class AnswerStore {
  private readonly entries = new Map<string, KeptAnswer>();
  private readonly keysByStore = new Map<string, Set<string>>();
  private totalBytes = 0;

  constructor(private readonly limits: AnswerStoreLimits) {}

  get(key: string): KeptAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: KeptAnswer): void {
    this.delete(key);
    if (sizeOf(answer) > this.limits.maxBytes) return;
    this.entries.set(key, answer);
    this.totalBytes += sizeOf(answer);
    let keys = this.keysByStore.get(answer.storeId);
    if (!keys) this.keysByStore.set(answer.storeId, (keys = new Set()));
    keys.add(key);
    this.evict();
  }

  /** Drops the answers `match` picks: of one store (`storeId`), or of every store. */
  drop(match: AnswerMatch, storeId?: string): void {
    const keys = storeId === undefined ? [...this.entries.keys()] : [...(this.keysByStore.get(storeId) ?? [])];
    for (const key of keys) {
      const answer = this.entries.get(key);
      if (answer && match(answer)) this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.keysByStore.clear();
    this.totalBytes = 0;
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.totalBytes };
  }

  private delete(key: string): void {
    const answer = this.entries.get(key);
    if (!answer) return;
    this.entries.delete(key);
    this.totalBytes -= sizeOf(answer);
    const keys = this.keysByStore.get(answer.storeId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByStore.delete(answer.storeId);
  }

  private evict(): void {
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
