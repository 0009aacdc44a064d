import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRuns, automationStepRuns, customers } from './db/schema/index.ts';
import { findFreePort } from './db/free-port.ts';
import { addAutomation, emailStep } from './domain/automations/automation-test-fixtures.ts';
import { startRuns } from './domain/automations/start-runs.ts';
import { insertManyContacts, seedSendingStore } from './testing/email-campaigns.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { startHeaderSink, type HeaderSink } from './testing/smtp-test-server.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { webDistForTests } from './testing/web-build.ts';

/**
 * Two real server processes on one database work the same live automation (decision 044): CONTACTS
 * contacts enter it at once (one transaction) while both servers' job runners poll, and the loopback
 * SMTP sink counts what each address receives. Each server has its own sender domain, which names
 * the Message-IDs of the rows it prepared, so the sink also shows both servers sent.
 */
// One server holds at most AUTOMATION_STEP_CONCURRENCY × STEP_EMAIL_BATCH (4 × 100) runs at once,
// so 600 contacts take it several rounds, and the other server, polling meanwhile, always gets some.
const CONTACTS = 600;
const SUBJECTS = ['First', 'Second'];
const SERVERS = ['one.shopfront.test', 'two.shopfront.test'];

let database: TestDatabase;
let dataDir: string;
let sink: HeaderSink;
const servers: ServerProcess[] = [];
const accepted: { messageId: string; to: string; subject: string }[] = [];

beforeAll(async () => {
  await webDistForTests();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'shopfront-two-servers-'));
  sink = await startHeaderSink((message) => accepted.push(message));
}, 90_000);

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await sink?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function startServer(domain: string): Promise<ServerProcess> {
  const port = await findFreePort();
  const server = await startServerProcess({
    dataDir,
    port,
    env: {
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: database.connectionString,
      APP_SECRET: 'two-servers-test-secret-0123456789abcdef',
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      EMAIL_FROM: `Cozy Mugs <news@${domain}>`,
      EMAIL_CAMPAIGN_RATE_PER_STORE: '100000',
      EMAIL_CAMPAIGN_RATE_PLATFORM: '100000',
    },
  });
  servers.push(server);
  return server;
}

describe('two servers processing the same automation', () => {
  it(`${CONTACTS} contacts entering a two-email automation at once: every contact gets each email exactly once`, { timeout: 240_000 }, async () => {
    const { db } = database;
    const { storeId } = await seedSendingStore(db, 'two-servers');
    await insertManyContacts(db, storeId, CONTACTS, 'two.example.com');
    const automationId = await addAutomation(db, storeId, { kind: 'tag-added', tag: 'both' }, SUBJECTS.map((subject, n) => emailStep(`e${n + 1}`, subject)));
    await Promise.all(SERVERS.map((domain) => startServer(domain)));

    const contacts = await db.select({ id: customers.id }).from(customers).where(eq(customers.storeId, storeId));
    await db.transaction(async (tx) => {
      for (const contact of contacts) await startRuns(tx, { storeId, customerId: contact.id, kind: 'tag-added', key: 'tag:both:1', tag: 'both' });
    });

    const deadline = Date.now() + 200_000;
    for (;;) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automationRuns)
        .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.status, 'completed')));
      if (row?.n === CONTACTS) break;
      if (Date.now() > deadline) throw new Error(`${row?.n} of ${CONTACTS} runs completed in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // At the sink: each address got each email once, each under its own Message-ID.
    expect(accepted).toHaveLength(CONTACTS * SUBJECTS.length);
    const pairs = new Set(accepted.map((mail) => `${mail.to} ${mail.subject}`));
    expect(pairs.size).toBe(CONTACTS * SUBJECTS.length);
    expect(new Set(accepted.map((mail) => mail.to)).size).toBe(CONTACTS);
    expect(new Set(accepted.map((mail) => mail.subject))).toEqual(new Set(SUBJECTS));
    expect(new Set(accepted.map((mail) => mail.messageId)).size).toBe(CONTACTS * SUBJECTS.length);
    // Every step ran once, and both servers sent part of the mail.
    const steps = await db
      .select({ status: automationStepRuns.status, n: sql<number>`count(*)::int` })
      .from(automationStepRuns)
      .where(eq(automationStepRuns.automationId, automationId))
      .groupBy(automationStepRuns.status);
    expect(steps).toEqual([{ status: 'done', n: CONTACTS * SUBJECTS.length }]);
    const byServer = SERVERS.map((domain) => accepted.filter((mail) => mail.messageId.endsWith(`@${domain}>`)).length);
    expect(byServer.every((n) => n > 0)).toBe(true);
    expect(byServer.reduce((a, b) => a + b, 0)).toBe(CONTACTS * SUBJECTS.length);
    console.info(`two servers, one automation: ${CONTACTS} contacts × ${SUBJECTS.length} emails, ${accepted.length} deliveries, each once; sent by server one ${byServer[0]}, server two ${byServer[1]}`);
  });
});
