import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { findFreePort } from '../db/free-port.ts';
import { startPurgeStandIn } from './purge-stand-in.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.ts';
import type { TestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { webDistForTests } from './web-build.ts';

/** One message as the SMTP sink accepted it: the envelope recipient, its Message-ID and subject. */
export interface AcceptedMail {
  to: string;
  messageId: string;
  subject: string;
}

export const THREE_SERVERS_SECRET = 'three-servers-test-secret-0123456789abcdef';
const BUCKET = 'three-servers';

interface State {
  database?: TestDatabase;
  s3?: S3StandIn;
  sink?: SmtpTestServer;
  purge?: Awaited<ReturnType<typeof startPurgeStandIn>>;
  dataDirs: string[];
  servers: ServerProcess[];
  publicUrl: string;
  accepted: AcceptedMail[];
}

/**
 * Three built server processes (plain `node` on the run's bundle, as in production) on one
 * database, one S3 stand-in, one SMTP sink and one CDN purge stand-in: three machines behind a
 * load balancer whose address is `publicUrl` (every server has the same PUBLIC_URL and APP_SECRET,
 * and a DATA_DIR of its own, so nothing reaches another server through a shared disk). `env` adds
 * variables to every server. Registers its own beforeAll/afterAll.
 */
export function useThreeServers(options: { env?: Record<string, string> } = {}) {
  const state: State = { dataDirs: [], servers: [], publicUrl: '', accepted: [] };

  beforeAll(async () => {
    await webDistForTests();
    const [database, s3, purge] = await Promise.all([createTestDatabase(), startS3StandIn(BUCKET), startPurgeStandIn()]);
    Object.assign(state, { database, s3, purge, sink: await startSmtpTestServer({ onData: keepHead(state.accepted) }) });
    const ports = await Promise.all([findFreePort(), findFreePort(), findFreePort()]);
    state.publicUrl = `http://localhost:${ports[0]}`;
    const env = {
      PUBLIC_URL: state.publicUrl,
      DATABASE_URL: database.connectionString,
      APP_SECRET: THREE_SERVERS_SECRET,
      ...s3.storageEnv,
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(state.sink!.port),
      EMAIL_FROM: 'Shopfront <hello@shopfront.test>',
      CDN_PURGE: 'http',
      CDN_PURGE_URL: `${purge.url}/purge`,
      ...options.env,
    };
    state.dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), 'shopfront-three-')));
    state.servers = await Promise.all(ports.map((port, index) => startServerProcess({ dataDir: state.dataDirs[index]!, port, env })));
  }, 180_000);

  afterAll(async () => {
    for (const server of state.servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    }
    await Promise.all(state.servers.map((server) => server.exited));
    await Promise.all([state.database?.drop(), state.s3?.close(), state.sink?.close(), state.purge?.close()]);
    for (const dir of state.dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  return {
    get database(): TestDatabase {
      return state.database!;
    },
    get s3(): S3StandIn {
      return state.s3!;
    },
    get purgeRequests() {
      return state.purge!.requests;
    },
    /** Every message the SMTP sink accepted so far, in order. */
    get accepted(): AcceptedMail[] {
      return state.accepted;
    },
    get servers(): ServerProcess[] {
      return state.servers;
    },
    /** The address all three answer for (the load balancer's), for Origin headers. */
    get publicUrl(): string {
      return state.publicUrl;
    },
    /** insertProduct and friends only need `db`. */
    asApp: () => ({ db: state.database!.db }) as unknown as TestApp,
  };
}

/** An SMTP sink's onData that keeps each message's Message-ID and Subject, not its body. */
function keepHead(accepted: AcceptedMail[]): NonNullable<SMTPServerOptions['onData']> {
  return (stream, session, callback) => {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 16_384) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      for (const to of session.envelope.rcptTo) accepted.push({ to: to.address, messageId: header('Message-ID'), subject: header('Subject') });
      callback();
    });
  };
}

/** Checks until `check` holds, failing after `timeoutMs` with `what`; each check waits for the previous one. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
