import { describe, expect, it } from 'vitest';
import { createDb, createPool } from '../db/client.ts';
import { createAnalyticsWriter } from '../domain/analytics/ingest/create-analytics-writer.ts';
import { rawEvent } from '../testing/analytics-events.ts';
import { createLogger } from '../logger.ts';
import { createAnalyticsBuffer, type AnalyticsBatchWriter } from './analytics-buffer.ts';

const event = () => rawEvent({ storeId: 'store_abcdefghij0123456789' });

function warnings() {
  const lines: object[] = [];
  return { lines, log: { warn: (object: object) => void lines.push(object) } };
}

describe('the analytics buffer', () => {
  it('with the database down, recording neither throws nor waits, and the lost batch is counted', async () => {
    // Nothing listens on port 1: every connection is refused.
    const pool = createPool({ connectionString: 'postgres://nobody:x@127.0.0.1:1/none', log: createLogger({ logLevel: 'silent' }), connectionTimeoutMillis: 500 });
    const { lines, log } = warnings();
    let clock = 0;
    const buffer = createAnalyticsBuffer({ write: createAnalyticsWriter({ db: createDb(pool) }), log, enabled: true, nowMs: () => clock });
    const started = performance.now();
    for (let i = 0; i < 100; i++) expect(buffer.record(event())).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
    expect(buffer.counters()).toMatchObject({ queued: 100, accepted: 100, dropped: 0 });
    await buffer.flush();
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 100, written: 0, dropped: 100 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ dropped: 100, total: 100 });
    // A minute later at most one more warning, with the count since the last one.
    buffer.record(event());
    await buffer.flush();
    expect(lines).toHaveLength(1);
    clock = 60_000;
    buffer.record(event());
    await buffer.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ dropped: 2, total: 102 });
    await pool.end();
  });

  it('drops and counts past its cap, keeping what it holds', async () => {
    const batches: number[] = [];
    const write: AnalyticsBatchWriter = async (batch) => {
      batches.push(batch.length);
      return batch.length;
    };
    const buffer = createAnalyticsBuffer({ write, log: warnings().log, enabled: true, maxQueued: 3, flushAt: 1_000 });
    for (let i = 0; i < 5; i++) buffer.record(event());
    expect(buffer.counters()).toMatchObject({ queued: 3, accepted: 3, dropped: 2 });
    await buffer.flush();
    expect(batches).toEqual([3]);
    expect(buffer.counters()).toMatchObject({ queued: 0, written: 3, dropped: 2 });
  });

  it('keeps every event up to its cap and drops and counts from the first one past it', async () => {
    const batches: number[] = [];
    const write: AnalyticsBatchWriter = async (batch) => {
      batches.push(batch.length);
      return batch.length;
    };
    const { lines, log } = warnings();
    const buffer = createAnalyticsBuffer({ write, log, enabled: true, maxQueued: 4, flushAt: 1_000, nowMs: () => 0 });
    for (let i = 0; i < 3; i++) buffer.record(event());
    buffer.recordView('store_abcdefghij0123456789', { type: 'storefront_view', productId: null, page: null }, '81.2.69.142', 'UA', '', '', 'shop.example');
    expect(buffer.counters()).toMatchObject({ queued: 4, accepted: 4, dropped: 0 });
    expect(lines).toHaveLength(0);
    buffer.recordView('store_abcdefghij0123456789', { type: 'storefront_view', productId: null, page: null }, '81.2.69.142', 'UA', '', '', 'shop.example');
    expect(buffer.counters()).toMatchObject({ queued: 4, accepted: 4, dropped: 1 });
    expect(lines).toEqual([expect.objectContaining({ dropped: 1, total: 1 })]);
    await buffer.flush();
    expect(batches).toEqual([4]);
    // Room again once written.
    buffer.record(event());
    expect(buffer.counters()).toMatchObject({ queued: 1, accepted: 5, written: 4, dropped: 1 });
  });

  it('stamps a view with its clock and fills a batch to exactly maxBatch before starting the next', async () => {
    const seen: number[][] = [];
    const write: AnalyticsBatchWriter = async (batch) => {
      seen.push(Array.from({ length: batch.length }, (_, i) => batch.time(i)));
      return batch.length;
    };
    let clock = 100;
    const buffer = createAnalyticsBuffer({ write, log: warnings().log, enabled: true, maxBatch: 3, flushAt: 1_000, nowMs: () => clock++ });
    for (let i = 0; i < 4; i++) buffer.recordView('store_abcdefghij0123456789', { type: 'storefront_view', productId: null, page: null }, '81.2.69.142', 'UA', '', '', 'h');
    await buffer.flush();
    expect(seen).toEqual([[100, 101, 102], [103]]);
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 4, written: 4 });
  });

  it('writes in batches of at most maxBatch, one flush at a time', async () => {
    let running = 0;
    let most = 0;
    const batches: number[] = [];
    const write: AnalyticsBatchWriter = async (batch) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      batches.push(batch.length);
      return batch.length - 1;
    };
    const buffer = createAnalyticsBuffer({ write, log: warnings().log, enabled: true, maxBatch: 4, flushAt: 1_000 });
    for (let i = 0; i < 10; i++) buffer.record(event());
    await Promise.all([buffer.flush(), buffer.flush(), buffer.flush()]);
    expect(batches).toEqual([4, 4, 2]);
    expect(most).toBe(1);
    expect(buffer.counters()).toMatchObject({ written: 7, discarded: 3, dropped: 0 });
  });

  it('leaves what is recorded during a write to the next flush, so steady traffic is written in batches of flushAt', async () => {
    const batches: number[] = [];
    let arriving = 3;
    const buffer = createAnalyticsBuffer({
      write: async (batch) => {
        batches.push(batch.length);
        // Views keep arriving while the statement runs: a few per write, as on a busy storefront.
        for (let i = 0; i < arriving; i++) buffer.record(event());
        await new Promise((resolve) => setTimeout(resolve, 2));
        return batch.length;
      },
      log: warnings().log,
      enabled: true,
      flushAt: 10,
      maxBatch: 100,
    });
    for (let i = 0; i < 10; i++) buffer.record(event());
    // flushAt reached: a flush is on its way and writes the 10 alone.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([10]);
    expect(buffer.counters()).toMatchObject({ queued: 3, written: 10 });
    arriving = 0;
    for (let i = 0; i < 7; i++) buffer.record(event());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([10, 10]);
    // A caller's flush writes what is left, after waiting for one that runs.
    buffer.record(event());
    await buffer.flush();
    expect(batches).toEqual([10, 10, 1]);
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 21, written: 21 });
  });

  it('on close, also writes the views answered during its last write', async () => {
    const batches: number[] = [];
    const buffer = createAnalyticsBuffer({
      write: async (batch) => {
        // The server's last requests finish while the buffer writes what it had.
        if (batches.push(batch.length) === 1) buffer.record(event());
        await new Promise((resolve) => setTimeout(resolve, 2));
        return batch.length;
      },
      log: warnings().log,
      enabled: true,
    });
    for (let i = 0; i < 4; i++) buffer.record(event());
    await buffer.close();
    expect(batches).toEqual([4, 1]);
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 5, written: 5 });
  });

  it('keeps nothing when analytics is off', async () => {
    const buffer = createAnalyticsBuffer({ write: async () => 0, log: warnings().log, enabled: false });
    buffer.record(event());
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 0 });
  });
});
