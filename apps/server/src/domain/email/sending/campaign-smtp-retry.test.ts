import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { smtpReply, startSmtpTestServer, type SmtpTestServer } from '#src/testing/smtp-test-server.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { campaignRow, insertContacts, recipientRows, scheduleTestCampaign, seedSendingStore } from '#src/testing/email-campaigns.ts';

let t: TestApp;
let sink: SmtpTestServer;
/** Message-IDs the sink saw, in order, with whether it accepted them. */
const attempts: { messageId: string; accepted: boolean }[] = [];
let refuseNext = 0;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpTestServer({
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        const accepted = refuseNext === 0;
        attempts.push({ messageId, accepted });
        if (accepted) return callback();
        refuseNext -= 1;
        callback(smtpReply(451, 'Try again later'));
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('campaign sending through SMTP', () => {
  it('retries a temporary refusal later with the same Message-ID, then marks the row sent', async () => {
    const env = testEnv({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), EMAIL_FROM: 'Shopfront <news@shopfront.test>' });
    const clock = manualClock(new Date(Date.now()));
    const { storeId } = await seedSendingStore(t.db, 'retry-mugs');
    await insertContacts(t.db, storeId, [{ email: 'retry@example.com' }]);
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId, runAt: new Date(clock.now().getTime() - 1000) });
    refuseNext = 1;

    const runner = createAppJobRunner({ env, db: t.db, log: silentLog, now: clock.now });
    await runner.runDue();
    const [waiting] = await recipientRows(t.db, campaignId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    expect((await campaignRow(t.db, campaignId)).status).toBe('sending');

    clock.advance(10 * 60_000);
    await runner.runDue();
    await runner.stop();

    const [row] = await recipientRows(t.db, campaignId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(attempts).toEqual([
      { messageId: row!.messageId, accepted: false },
      { messageId: row!.messageId, accepted: true },
    ]);
    expect((await campaignRow(t.db, campaignId)).status).toBe('sent');
  });

  it('marks a permanently refused recipient failed, and a campaign whose every message failed as failed', async () => {
    const env = testEnv({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port) });
    const { storeId } = await seedSendingStore(t.db, 'refused-mugs');
    await insertContacts(t.db, storeId, [{ email: 'nobody@example.com' }]);
    const { campaignId } = await scheduleTestCampaign(t.db, { storeId });
    const refusing = await startSmtpTestServer({ onRcptTo: (_address, _session, callback) => callback(smtpReply(550, 'No such user')) });
    try {
      const runner = createAppJobRunner({ env: { ...env, email: { ...env.email, port: refusing.port } as typeof env.email }, db: t.db, log: silentLog });
      await runner.runDue();
      await runner.stop();
    } finally {
      await refusing.close();
    }
    const [row] = await recipientRows(t.db, campaignId);
    expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('550') });
    expect(await campaignRow(t.db, campaignId)).toMatchObject({ status: 'failed', statusNote: '1 of 1 messages could not be sent' });
  });
});
