import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { newId } from '#src/db/ids.ts';
import { emailOutbox, jobs } from '#src/db/schema/index.ts';
import { enqueueSignInLinkEmail } from '#src/identity/identity-emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';
import type { StepJobPayload } from './enqueue-step.ts';

/**
 * Step jobs run on a runner of their own (decision 051): 100,000 contacts entering an automation
 * queue 100,000 due step jobs, and a sign-in email queued after them must not wait for them. The
 * backlog is queued a minute earlier than the email, so a runner taking jobs in order would send
 * the email only after the whole backlog; the main runner takes it at once.
 */
const BACKLOG = 3_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('automation step backlog', () => {
  it('a sign-in email queued behind thousands of due step jobs is sent while most of them still wait', async () => {
    const earlier = new Date(Date.now() - 60_000);
    // Step jobs of runs that do not exist: each ends without sending, as a deleted automation's do.
    await t.db.insert(jobs).values(
      Array.from({ length: BACKLOG }, () => {
        const payload: StepJobPayload = { runId: newId('run'), storeId: newId('sto'), stepId: 'e1', stepIndex: 0 };
        return { id: newId('job'), kind: AUTOMATION_STEP_KIND, payload, runAt: earlier, idempotencyKey: `${AUTOMATION_STEP_KIND}:${payload.runId}:e1`, maxAttempts: 20 };
      }),
    );
    const to = 'creator@backlog.example.com';
    await enqueueSignInLinkEmail(t.db, { email: to, url: 'https://shop.example.com/sign-in#token' });

    const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
    runner.start();
    try {
      for (;;) {
        const [mail] = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, to));
        if (mail) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [waiting] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.kind, AUTOMATION_STEP_KIND), inArray(jobs.status, ['pending', 'running'])));
      expect(waiting!.n).toBeGreaterThan(BACKLOG / 2);
    } finally {
      await runner.stop();
    }
  });
});
