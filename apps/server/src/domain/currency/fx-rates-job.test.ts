import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { fxRates, jobs } from '#src/db/schema/index.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { captureLogs } from '#src/testing/log-capture.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { convertRate } from './fx-rate-table.ts';
import { createFxRatesJob, FX_RATES_KIND, scheduleFxRates } from './fx-rates-job.ts';
import { readFxRates } from './fx-rates-store.ts';

/** What the stand-in rate source answers next: a status and a body, or no answer at all. */
let reply: { status: number; body: string } | 'hang' = { status: 200, body: '{}' };
let requests = 0;
let source: Server;
let sourceUrl: string;
let downUrl: string;
let database: TestDatabase;

beforeAll(async () => {
  source = createServer((_request, response) => {
    requests += 1;
    if (reply === 'hang') return;
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/latest?key=secret-key`;
  // A port that was listening and no longer is: connection refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/latest`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  database = await createTestDatabase();
});
afterAll(async () => {
  source?.closeAllConnections();
  await new Promise<void>((resolve) => (source ? source.close(() => resolve()) : resolve()));
  await database?.drop();
});
beforeEach(async () => {
  await database.db.delete(fxRates);
  reply = { status: 200, body: '{}' };
});

const NOW = new Date('2030-06-02T01:00:00.000Z');
/** A plausible USD set of 30 currencies, AUD at 1.5. */
const goodRates = { USD: 1, AUD: 1.5, EUR: 0.9, GBP: 0.78, JPY: 150, KWD: 0.31, INR: 84, CAD: 1.36, CHF: 0.88, CNY: 7.2, HKD: 7.8, NZD: 1.65, SGD: 1.34, SEK: 10.5, NOK: 10.7, DKK: 6.7, PLN: 3.9, CZK: 23, HUF: 360, MXN: 18, BRL: 5.4, ZAR: 18.5, KRW: 1380, THB: 35, IDR: 16000, MYR: 4.5, PHP: 57, TRY: 33, ILS: 3.7, AED: 3.6725 };

async function runJob(url: string | null, options: { timeoutMs?: number } = {}) {
  const logs = captureLogs('info');
  const ctx = { log: logs.logger, now: () => NOW, complete: async () => {} } as unknown as JobRunContext;
  await createFxRatesJob({ db: database.db, url, ...options }).run({} as ClaimedJob, ctx);
  return logs.lines();
}

const storedAudPerUsd = async () => {
  const table = await readFxRates(database.db);
  return table && { value: convertRate(table, 'USD', 'AUD'), approximate: table.approximate, asOf: table.asOf };
};

describe('the daily exchange-rate job', () => {
  it('without FX_RATES_URL stores the bundled table, marked approximate', async () => {
    await runJob(null);
    expect(await storedAudPerUsd()).toEqual({ value: 1.5334, approximate: true, asOf: '2025-07-01' });
    expect(await database.db.$count(fxRates)).toBeGreaterThanOrEqual(140);
  });

  it('stores a {base, rates} answer as fetched rates, with its date', async () => {
    reply = { status: 200, body: JSON.stringify({ base: 'USD', date: '2030-06-01', rates: goodRates }) };
    await runJob(sourceUrl);
    expect(await storedAudPerUsd()).toEqual({ value: 1.5, approximate: false, asOf: '2030-06-01' });
  });

  it('stores a {base_code, rates} answer in another base, dated by its Unix update time', async () => {
    const eurRates = Object.fromEntries(Object.entries(goodRates).map(([code, rate]) => [code, rate / 0.9]));
    const lastUpdate = Date.parse('2030-06-01T00:00:01Z') / 1000;
    reply = { status: 200, body: JSON.stringify({ result: 'success', base_code: 'EUR', time_last_update_unix: lastUpdate, rates: eurRates }) };
    await runJob(sourceUrl);
    expect(await storedAudPerUsd()).toEqual({ value: 1.5, approximate: false, asOf: '2030-06-01' });
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>rate limited</html>' }, 'did not answer JSON'],
    ['an HTTP error', { status: 503, body: '{}' }, 'HTTP 503'],
    ['no rates', { status: 200, body: JSON.stringify({ base: 'USD' }) }, 'not {base, rates}'],
    ['an unknown base', { status: 200, body: JSON.stringify({ base: 'XYZ', rates: goodRates }) }, 'base currency "XYZ"'],
    ['a negative rate', { status: 200, body: JSON.stringify({ base: 'USD', rates: { ...goodRates, AUD: -1.5 } }) }, 'AUD is not a positive number'],
    ['a rate given as text', { status: 200, body: JSON.stringify({ base: 'USD', rates: { ...goodRates, AUD: '1.5' } }) }, 'AUD is not a positive number'],
    ['an absurd rate', { status: 200, body: JSON.stringify({ base: 'USD', rates: { ...goodRates, JPY: 150_000_000 } }) }, 'JPY (150000000 per USD) is absurd'],
    ['too few rates', { status: 200, body: JSON.stringify({ base: 'USD', rates: { USD: 1, AUD: 1.5 } }) }, 'only 2 usable rates'],
  ])('keeps the last fetched rates and warns on %s', async (_name, answer, reason) => {
    reply = { status: 200, body: JSON.stringify({ base: 'USD', date: '2030-06-01', rates: goodRates }) };
    await runJob(sourceUrl);
    reply = answer;
    const logs = await runJob(sourceUrl);
    expect(await storedAudPerUsd()).toEqual({ value: 1.5, approximate: false, asOf: '2030-06-01' });
    const warning = logs.find((line) => line.msg === 'exchange rates not updated; the last ones stay');
    expect(warning?.reason).toContain(reason);
    // The URL's query (often an API key) is not logged.
    expect(JSON.stringify(logs)).not.toContain('secret-key');
  });

  it('keeps the rates when the source is down', async () => {
    await runJob(null);
    const logs = await runJob(downUrl);
    expect(await storedAudPerUsd()).toEqual({ value: 1.5334, approximate: true, asOf: '2025-07-01' });
    expect(logs.find((line) => line.level === 40)?.reason).toContain('could not be reached');
  });

  it('gives up on a source that does not answer within the timeout', async () => {
    reply = 'hang';
    const before = requests;
    const logs = await runJob(sourceUrl, { timeoutMs: 200 });
    expect(requests).toBe(before + 1);
    expect(await readFxRates(database.db)).toBeNull();
    expect(logs.find((line) => line.level === 40)?.reason).toContain('did not answer in time');
  });

  it('is queued once a day, for the next hour, however often it is asked', async () => {
    const pending = () =>
      database.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, FX_RATES_KIND), eq(jobs.status, 'pending')));
    await scheduleFxRates(database.db, new Date('2031-03-04T00:20:00Z'));
    await scheduleFxRates(database.db, new Date('2031-03-04T23:59:00Z'));
    expect((await pending()).map((row) => row.runAt.toISOString())).toEqual(['2031-03-04T01:00:00.000Z']);
    await scheduleFxRates(database.db, new Date('2031-03-05T00:00:00Z'));
    expect((await pending()).map((row) => row.runAt.toISOString())).toEqual(['2031-03-04T01:00:00.000Z', '2031-03-05T01:00:00.000Z']);
  });

  it("runs in the server's job runner with FX_RATES_URL from the env", async () => {
    reply = { status: 200, body: JSON.stringify({ base: 'USD', date: '2031-07-01', rates: goodRates }) };
    await scheduleFxRates(database.db, new Date('2031-07-01T10:30:00Z'));
    const env = testEnv({ FX_RATES_URL: sourceUrl });
    const runner = createAppJobRunner({ env, db: database.db, log: captureLogs('error').logger, now: () => new Date('2031-07-01T11:00:00Z') });
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    await runner.stop();
    expect(await storedAudPerUsd()).toEqual({ value: 1.5, approximate: false, asOf: '2031-07-01' });
  });
});
