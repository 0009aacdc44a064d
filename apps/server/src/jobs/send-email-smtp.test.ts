import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, createPool } from '../db/client.ts';
import type { EmailConfig } from '../env/email-env.ts';
import { verificationCodeEmail } from '../providers/email/templates/index.ts';
import { decodeBody, parseEntity, parseMultipart } from '../testing/mime.ts';
import { smtpReply, startSmtpTestServer, type SmtpTestServer } from '../testing/smtp-test-server.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createAppJobRunner } from '../app-jobs.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { claimDueJobs } from './job-store.ts';
import { jobRow, resetQueue } from './jobs-fixtures.ts';
import { manualClock } from '../testing/clock.ts';
import { silentLog } from '../testing/log-capture.ts';

const FROM = 'Shopfront <no-reply@shopfront.test>';
let database: TestDatabase;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(() => resetQueue(database.db));
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtpServer(options: Parameters<typeof startSmtpTestServer>[0] = {}): Promise<SmtpTestServer> {
  const server = await startSmtpTestServer(options);
  cleanups.push(() => server.close());
  return server;
}

const smtpConfig = (port: number): EmailConfig => ({ provider: 'smtp', from: FROM, host: '127.0.0.1', port, secure: false });

function runner(port: number, options: { now?: () => Date; db?: typeof database.db; random?: () => number } = {}) {
  const jobs = createAppJobRunner({ env: { email: smtpConfig(port) }, db: options.db ?? database.db, log: silentLog, leaseMs: 60_000, ...options });
  cleanups.push(() => jobs.stop({ timeoutMs: 1_000 }));
  return jobs;
}

const codeEmail = () => ({ to: 'Ada Lovelace <ada@example.com>', ...verificationCodeEmail({ code: '482915' }), tags: ['signup-code'] });

describe('send-email job over SMTP (a real SMTP server on loopback)', () => {
  it('delivers the rendered MIME message once and marks the job done', async () => {
    const server = await smtpServer();
    const { jobId } = await enqueueEmail(database.db, codeEmail());

    expect(await runner(server.port).runDue()).toBe(1);

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.from).toBe('no-reply@shopfront.test');
    expect(mail.to).toEqual(['ada@example.com']);
    const root = parseEntity(mail.raw);
    expect(root.headers.get('from')).toBe(FROM);
    expect(root.headers.get('to')).toBe('Ada Lovelace <ada@example.com>');
    expect(root.headers.get('subject')).toBe('482915 is your Shopfront verification code');
    expect(root.headers.get('message-id')).toBe(`<${jobId}@shopfront.test>`);
    expect(root.headers.get('content-type')).toMatch(/^multipart\/alternative;/);
    const parts = parseMultipart(root);
    expect(parts.map((part) => part.headers.get('content-type')?.split(';')[0])).toEqual(['text/plain', 'text/html']);
    const [text, html] = parts.map(decodeBody);
    expect(text).toContain('482915');
    expect(html).toContain('482915');

    const job = await jobRow(database.db, jobId);
    expect(job).toMatchObject({ status: 'done', attempts: 1, payload: { redacted: true, to: 'Ada Lovelace <ada@example.com>', tags: ['signup-code'] } });
  });

  it('retries after a 451 with backoff and then delivers', async () => {
    let dataCommands = 0;
    const server = await smtpServer({
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (++dataCommands === 1) return callback(smtpReply(451, 'Try again later'));
          server.received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined, to: [], user: undefined, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    const clock = manualClock();
    const jobs = runner(server.port, { now: clock.now, random: () => 0 });
    const { jobId } = await enqueueEmail(database.db, codeEmail(), { runAt: clock.now() });

    await jobs.runDue();
    const failed = await jobRow(database.db, jobId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('451');
    expect(server.received).toHaveLength(0);

    clock.advance(2_499);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(await jobRow(database.db, jobId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('marks the job failed when the recipient is refused with 550', async () => {
    const server = await smtpServer({ onRcptTo: (_address, _session, callback) => callback(smtpReply(550, 'No such user here')) });
    const { jobId } = await enqueueEmail(database.db, codeEmail());
    await runner(server.port).runDue();
    const job = await jobRow(database.db, jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toContain('No such user here');
    expect(JSON.stringify(job.payload)).not.toContain('482915');
  });

  // What is and is not promised for SMTP (the window between the 250 reply and our commit): see
  // createSendEmailJob in send-email-job.ts.
  it('a crash after "sent" was recorded never resends; a crash before sending sends once', async () => {
    const server = await smtpServer();
    const clock = manualClock();
    const crashedPool = createPool({ connectionString: database.connectionString, log: silentLog, max: 2 });
    cleanups.push(() => crashedPool.end());
    const crashedDb = createDb(crashedPool);

    // Server A sends the first message and records it done; then it dies (never stopped).
    const sent = await enqueueEmail(database.db, codeEmail(), { runAt: clock.now() });
    const serverA = createAppJobRunner({ env: { email: smtpConfig(server.port) }, db: crashedDb, log: silentLog, now: clock.now, leaseMs: 60_000 });
    expect(await serverA.runDue()).toBe(1);
    // It had also claimed a second message when it died, before sending it.
    const unsent = await enqueueEmail(database.db, { ...codeEmail(), to: 'grace@example.com' }, { runAt: clock.now() });
    await claimDueJobs(crashedDb, { workerId: 'server-a', now: clock.now(), leaseMs: 60_000, limit: 1 });
    expect(await jobRow(database.db, unsent.jobId)).toMatchObject({ status: 'running', lockedBy: 'server-a' });

    // Server B starts once A's lease has run out: only the unsent message goes out.
    clock.advance(60_000);
    expect(await runner(server.port, { now: clock.now }).runDue()).toBe(1);
    expect(server.received.map((mail) => mail.to)).toEqual([['ada@example.com'], ['grace@example.com']]);
    expect(await jobRow(database.db, sent.jobId)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await jobRow(database.db, unsent.jobId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('closes the SMTP transport when the runner stops', async () => {
    const close = vi.fn();
    const provider = { name: 'smtp' as const, send: vi.fn(async () => ({ providerMessageId: null })), close };
    const jobs = createAppJobRunner({ env: { email: smtpConfig(1) }, db: database.db, log: silentLog, emailProvider: provider });
    jobs.start();
    await jobs.stop();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
