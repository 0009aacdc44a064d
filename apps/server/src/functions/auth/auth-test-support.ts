import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { credentials, jobs, users } from '#src/db/schema/index.ts';
import { newId } from '#src/db/ids.ts';
import { SEND_EMAIL_KIND } from '#src/jobs/enqueue-email.ts';
import { hashPassword } from '#src/identity/password.ts';
import { callFunction, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

/** Test helpers for the identity functions (not used by the server). */
export const TRUSTED = { origin: TEST_PUBLIC_URL } as const;
export const STRONG_PASSWORD = 'correct horse battery staple';

/** A clock the test moves by hand (CONVENTIONS: no sleeps, inject a clock). */
export function manualClock(start = new Date('2030-01-01T00:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
    set: (date: Date) => void (current = date.getTime()),
  };
}

/** A callable request from the web app on our own origin. */
export function call(t: TestApp, name: string, data: unknown, headers: Record<string, string> = {}) {
  return callFunction(t.app, name, data, { ...TRUSTED, ...headers });
}

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tags?: string[];
}

/** Emails queued for the durable send job (the test app runs no worker, so they stay queued). */
export async function queuedEmails(t: TestApp, to: string): Promise<QueuedEmail[]> {
  const rows = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_EMAIL_KIND), sql`${jobs.payload} -> 'message' ->> 'to' = ${to}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map((row) => (row.payload as { message: QueuedEmail }).message);
}

/** The code of the newest code email to `to`, read from the queued job (never from logs). */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const emails = await queuedEmails(t, to);
  for (const email of emails) {
    const match = /^(\d{6}) is your/.exec(email.subject);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no code email to ${to}`);
}

export async function countCodeEmails(t: TestApp, to: string): Promise<number> {
  return (await queuedEmails(t, to)).filter((email) => /^\d{6} is your/.test(email.subject)).length;
}

/** A creator with a password, written straight to the database. */
export async function createCreator(
  t: TestApp,
  options: { email: string; password?: string; isActive?: boolean; isAdmin?: boolean; now?: Date },
): Promise<string> {
  const id = newId('usr');
  const now = options.now ?? new Date();
  await t.db.insert(users).values({
    id,
    email: options.email,
    firstName: 'Test',
    lastName: 'Creator',
    displayName: 'Test Creator',
    emailVerified: true,
    isActive: options.isActive ?? true,
    isAdmin: options.isAdmin ?? false,
    createdAt: now,
    updatedAt: now,
  });
  if (options.password !== undefined) {
    await t.db.insert(credentials).values({ userId: id, passwordHash: await hashPassword(options.password) });
  }
  return id;
}

export function signIn(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return call(t, 'signInWithPassword', { email, password }, headers);
}

/** The signed-in result's idToken (the session token). */
export async function signedInToken(t: TestApp, email: string, password: string): Promise<string> {
  const response = await signIn(t, email, password);
  const body = response.json() as { result?: { idToken?: string } };
  if (response.statusCode !== 200 || !body.result?.idToken) throw new Error(`sign-in failed: ${response.body}`);
  return body.result.idToken;
}

/** The raw `sf_session` Set-Cookie header of a reply, if any. */
export function sessionSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((line) => line.startsWith('sf_session='));
}

export function cookieHeader(token: string): Record<string, string> {
  return { cookie: `sf_session=${token}` };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function errorOf(response: LightMyRequestResponse): { status: string; message: string; details?: unknown } {
  return (response.json() as { error: { status: string; message: string; details?: unknown } }).error;
}
