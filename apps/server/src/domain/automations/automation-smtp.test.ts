import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import type { EmailConfig } from '#src/env/email-env.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { startSmtpTestServer, type SmtpTestServer } from '#src/testing/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { emailStep, seedAutomation } from './automation-test-fixtures.ts';
import { startRuns } from './start-runs.ts';

let t: TestApp;
let server: SmtpTestServer;
/** Connections the sink holds open now (an SMTP client that quits closes its session). */
let open = 0;
// Ahead of real time, so jobs queued at the database's "now" are due on this clock.
const clock = manualClock(new Date(Date.now() + 60 * 60_000));

beforeAll(async () => {
  t = await createTestApp();
  server = await startSmtpTestServer({
    onConnect: (_session, callback) => {
      open += 1;
      callback();
    },
    onClose: () => {
      open -= 1;
    },
  });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('automation mail over SMTP', () => {
  it('sends the step over a pooled connection and closes it when the runner stops', async () => {
    const email: EmailConfig = { provider: 'smtp', from: 'Shopfront <no-reply@shopfront.test>', host: '127.0.0.1', port: server.port, secure: false };
    const { storeId, contacts } = await seedAutomation(t.db, 'smtp-mugs', { steps: [emailStep('e1', 'Welcome')] });
    await t.db.transaction((tx) => startRuns(tx, { storeId, customerId: contacts[0]!.id, kind: 'purchased', key: 'order:1', productIds: [] }));

    const runner = createAppJobRunner({ env: { ...t.env, email }, db: t.db, log: silentLog, now: clock.now });
    await runner.runDue();
    expect(server.received.map((mail) => mail.to)).toEqual([['fan@smtp-mugs.example.com']]);
    // The pool keeps its connection for the next step's email…
    expect(open).toBe(1);
    // …until the runner stops: then the transport is closed and the connection ends.
    await runner.stop();
    await vi.waitFor(() => expect(open).toBe(0), { timeout: 5_000 });
  });
});
