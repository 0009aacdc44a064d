import type { Region } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { subscriptionState } from '../db/replication.ts';

export type MirrorHealth = 'starting' | 'streaming' | 'lagging' | 'down';

export interface MirrorState {
  region: Region;
  state: MirrorHealth;
  /** Where visitor reads go now: the mirror only while it streams within the lag limit. */
  readsFrom: 'mirror' | 'primary';
  /** The newest heartbeat's lag, or how long the oldest unseen one has been travelling. */
  lagMs: number | null;
  lagP50Ms: number | null;
  lagP99Ms: number | null;
  maxLagMs: number;
  subscription: 'running' | 'stopped' | 'missing' | 'unknown';
  checkedAt: string | null;
  /** Why the mirror is not used, in words an operator can act on. */
  detail: string | null;
}

export interface MirrorMonitorOptions {
  region: Region;
  /** The primary (heartbeats and the admin's status row are written there). */
  primary: Database;
  /** The mirror's pool. */
  mirror: pg.Pool;
  maxLagMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  intervalMs?: number;
  /** Whether this server hears the mirror's change notifications (else its pages could go stale). */
  isMirrorListening: () => boolean;
  /** Called when visitor reads move between the mirror and the primary. */
  onReadsChanged?: (readsFrom: 'mirror' | 'primary') => void;
  nowMs?: () => number;
}

export type MirrorMonitor = ReturnType<typeof createMirrorMonitor>;

const SAMPLES = 300;
const STATUS_EVERY_TICKS = 5;
const MIRROR_QUERY_TIMEOUT_MS = 1_500;

/**
 * Watches a region's mirror (docs/regions.md "Lag"): every second it writes a heartbeat on the
 * primary and reads the mirror's copy. The lag is the heartbeat's apply time minus its send time;
 * a heartbeat that has not arrived counts from when it was sent. Visitor reads use the mirror only
 * while its subscription runs, its notifications are heard and the lag is within `maxLagMs`.
 */
export function createMirrorMonitor(options: MirrorMonitorOptions) {
  const { region, primary, mirror, maxLagMs, log } = options;
  const nowMs = options.nowMs ?? Date.now;
  const sent = new Map<number, number>();
  const samples: number[] = [];
  let lastSeenSeq = 0;
  let firstSeqThisRun: number | null = null;
  let ticks = 0;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let state: MirrorState = {
    region,
    state: 'starting',
    readsFrom: 'primary',
    lagMs: null,
    lagP50Ms: null,
    lagP99Ms: null,
    maxLagMs,
    subscription: 'unknown',
    checkedAt: null,
    detail: 'waiting for the first heartbeat to reach the mirror',
  };

  async function writeHeartbeat(): Promise<void> {
    const result = await primary.execute<{ seq: string }>(sql`
      insert into region_heartbeats (region, seq, sent_at) values (${region}, 1, clock_timestamp())
      on conflict (region) do update set seq = region_heartbeats.seq + 1, sent_at = clock_timestamp()
      returning seq`);
    const seq = Number(result.rows[0]?.seq);
    sent.set(seq, nowMs());
    firstSeqThisRun ??= seq;
    for (const key of sent.keys()) if (key < seq - SAMPLES) sent.delete(key);
  }

  async function readMirror(): Promise<{ seq: number; lagMs: number | null } | null> {
    // pool.query, never a held client: a mirror shut down between two statements would make a
    // checked-out client emit an error nobody listens to.
    const result = await withTimeout(
      mirror.query<{ seq: string; lag_ms: number | null }>(
        `select seq, extract(epoch from (applied_at - sent_at)) * 1000 as lag_ms from region_heartbeats where region = $1`,
        [region],
      ),
      MIRROR_QUERY_TIMEOUT_MS,
    );
    const row = result.rows[0];
    return row ? { seq: Number(row.seq), lagMs: row.lag_ms === null ? null : Math.max(0, Math.round(Number(row.lag_ms))) } : null;
  }

  async function tick(): Promise<void> {
    const primaryOk = await writeHeartbeat().then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error }, 'could not write the region heartbeat on the primary');
        return false;
      },
    );
    let next: Omit<MirrorState, 'readsFrom'>;
    try {
      const [heartbeat, subscription] = await Promise.all([readMirror(), withTimeout(subscriptionState(mirror, region), MIRROR_QUERY_TIMEOUT_MS)]);
      if (heartbeat && heartbeat.seq > lastSeenSeq) {
        lastSeenSeq = heartbeat.seq;
        if (heartbeat.lagMs !== null) {
          samples.push(heartbeat.lagMs);
          if (samples.length > SAMPLES) samples.shift();
        }
      }
      // The oldest heartbeat written but not yet seen on the mirror has been travelling this long.
      const unseenSince = sent.get(lastSeenSeq + 1);
      const travelling = unseenSince === undefined ? 0 : nowMs() - unseenSince;
      const lagMs = Math.max(heartbeat?.lagMs ?? 0, travelling);
      const caughtUp = firstSeqThisRun !== null && lastSeenSeq >= firstSeqThisRun;
      const subscriptionLabel = subscription === null ? 'missing' : subscription.workerRunning ? 'running' : 'stopped';
      const health: MirrorHealth = !caughtUp ? (lagMs > maxLagMs ? 'lagging' : 'starting') : lagMs > maxLagMs ? 'lagging' : 'streaming';
      next = {
        ...state,
        state: health,
        lagMs: caughtUp || lagMs > 0 ? lagMs : null,
        ...percentiles(samples),
        subscription: subscriptionLabel,
        checkedAt: new Date(nowMs()).toISOString(),
        detail:
          health === 'lagging'
            ? `the mirror is ${lagMs} ms behind (limit ${maxLagMs} ms)`
            : health === 'starting'
              ? primaryOk
                ? 'waiting for the first heartbeat to reach the mirror'
                : 'the primary is not answering'
              : null,
      };
    } catch (error) {
      log.warn({ err: error }, 'the mirror database is not answering; visitor reads use the primary');
      next = { ...state, state: 'down', lagMs: null, subscription: 'unknown', checkedAt: new Date(nowMs()).toISOString(), detail: 'the mirror database is not answering' };
    }
    const listening = options.isMirrorListening();
    const readsFrom = next.state === 'streaming' && listening ? 'mirror' : 'primary';
    if (next.state === 'streaming' && !listening) next = { ...next, detail: 'not listening to the mirror’s changes yet' };
    const before = state.readsFrom;
    state = { ...next, readsFrom };
    if (readsFrom !== before) {
      log.info({ region, readsFrom, state: state.state, detail: state.detail }, 'visitor reads moved');
      options.onReadsChanged?.(readsFrom);
    }
    ticks += 1;
    if (ticks % STATUS_EVERY_TICKS === 1 || readsFrom !== before) await writeStatus().catch(() => undefined);
  }

  /** The primary keeps the latest measurement for the admin home. */
  async function writeStatus(): Promise<void> {
    const s = state;
    await primary.execute(sql`
      insert into region_status (region, state, reads_from, lag_ms, lag_p50_ms, lag_p99_ms, detail, checked_at)
      values (${region}, ${s.state}, ${s.readsFrom}, ${s.lagMs}, ${s.lagP50Ms}, ${s.lagP99Ms}, ${s.detail}, now())
      on conflict (region) do update set state = excluded.state, reads_from = excluded.reads_from, lag_ms = excluded.lag_ms,
        lag_p50_ms = excluded.lag_p50_ms, lag_p99_ms = excluded.lag_p99_ms, detail = excluded.detail, checked_at = excluded.checked_at`);
  }

  /** One check at a time; a slow one is not stacked on. */
  function check(): Promise<void> {
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start(): void {
      if (timer) return;
      void check();
      timer = setInterval(() => void check(), options.intervalMs ?? 1_000);
      timer.unref();
    },
    check,
    state: (): MirrorState => state,
    usesMirror: (): boolean => state.readsFrom === 'mirror',
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

function percentiles(values: readonly number[]): { lagP50Ms: number | null; lagP99Ms: number | null } {
  if (values.length === 0) return { lagP50Ms: null, lagP99Ms: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? null;
  return { lagP50Ms: at(0.5), lagP99Ms: at(0.99) };
}

/** The mirror may hang rather than refuse (a network partition): a check gives up after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the mirror did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
