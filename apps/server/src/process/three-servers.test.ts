import { createHash, randomBytes } from 'node:crypto';
import { COMMERCE_LIMITS, type Product, type StoreProfile } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { CAMPAIGN_BATCH_KIND } from '../domain/email/sending/campaign-job-kinds.ts';
import { emailCampaignRecipients, emailCampaigns, jobs } from '../db/schema/index.ts';
import { signDownloadToken } from '../domain/delivery/download-tokens.ts';
import { PLATFORM_REALM } from '../identity/limits.ts';
import { createSession } from '../identity/sessions.ts';
import { SEND_EMAIL_KIND } from '../jobs/enqueue-email.ts';
import { CDN_PURGE_KIND } from '../storefront/cdn-purge-job.ts';
import { bearer } from '../testing/call-function.ts';
import { insertProduct } from '../testing/checkout.ts';
import { createCreator } from '../testing/creators.ts';
import { SAMPLE_BODY, insertManyContacts, scheduleTestCampaign, seedSendingStore } from '../testing/email-campaigns.ts';
import { seedCustomer, seedOrder } from '../testing/orders.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { callRunningServer } from '../testing/server-process.ts';
import { publishAndWatch } from '../testing/publish-watch.ts';
import { THREE_SERVERS_SECRET, useThreeServers, waitUntil } from '../testing/three-servers.ts';

/**
 * Several servers (docs/deploy.md "Several machines"): three built server processes on one
 * PostgreSQL, one S3 stand-in and one SMTP sink, as three machines behind a load balancer. What
 * one server does, the others see: pages, sessions, files; background work runs once between them,
 * even when one of them is killed in the middle of a campaign. The kill comes last: the file
 * shares one set of servers.
 */
const cluster = useThreeServers({
  env: {
    // A killed server's campaign rows are taken over after 4 s instead of a minute.
    EMAIL_CAMPAIGN_LEASE_SECONDS: '4',
    EMAIL_CAMPAIGN_RATE_PER_STORE: '100000',
    EMAIL_CAMPAIGN_RATE_PLATFORM: '100000',
  },
});
const PASSWORD = 'correct horse battery staple';
const server = (index: number) => cluster.servers[index]!;
const creatorToken = async (userId: string) => (await createSession(cluster.database.db, { realm: PLATFORM_REALM, userId, now: new Date() })).token;

describe('three servers on one database', { timeout: 120_000 }, () => {
  it('a session made on server 1 works on servers 2 and 3, and signing out on 3 ends it on all', async () => {
    const email = 'three-servers@example.com';
    await createCreator(cluster.asApp(), { email, password: PASSWORD });
    const origin = { origin: cluster.publicUrl };
    const currentUser = async (index: number, cookie: string) =>
      (await callRunningServer(server(index).url, 'getCurrentUser', null, { headers: { ...origin, cookie } })).body.result as { email: string } | null;

    const signIn = await fetch(`${server(0).url}/fn/signInWithPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ data: { email, password: PASSWORD } }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('sf_session='))?.split(';')[0];
    expect(cookie).toBeDefined();
    // A made-up session is nobody anywhere, so the answers below come from the shared session.
    expect(await currentUser(1, `sf_session=${'x'.repeat(43)}`)).toBeNull();

    for (const index of [1, 2]) expect(await currentUser(index, cookie!)).toMatchObject({ email });
    expect((await callRunningServer(server(2).url, 'signOut', null, { headers: { ...origin, cookie: cookie! } })).status).toBe(200);
    for (const index of [0, 1]) expect(await currentUser(index, cookie!)).toBeNull();
  });

  it('a publish on server 1 shows on servers 2 and 3 within 1 s of its answer, with one CDN purge', async () => {
    const { storeId, creatorId } = await seedStorefront(cluster.database.db, { slug: 'three-servers', name: 'Version One' });
    const call = async (name: string, data: unknown) =>
      (await callRunningServer(server(0).url, name, data, { headers: bearer(await creatorToken(creatorId)) })).body;
    const draft = (await call('getStoreDraft', { storeId })) as { result: { profile: StoreProfile } };
    expect(await call('saveStoreDraft', { storeId, profile: { ...draft.result.profile, name: 'Version Two' } })).toHaveProperty('result');

    const watched = await publishAndWatch({
      publish: async () => expect(await call('publishStoreDraft', { storeId })).toHaveProperty('result'),
      watchers: [server(1).url, server(2).url],
      slug: 'three-servers',
      expected: 'Version Two',
      warmUp: cluster.servers.map((one) => one.url),
    });
    console.info(`three servers: publish visible on server 2 after ${watched[0]!.visibleAfterMs} ms, on server 3 after ${watched[1]!.visibleAfterMs} ms`);
    for (const watch of watched) expect(watch.visibleAfterMs, JSON.stringify(watch.trace)).toBeLessThanOrEqual(1_000);

    // Every server heard the change and asked for a purge; the one job made one purge.
    const purgesOf = () => cluster.purgeRequests.filter((request) => JSON.stringify(request.body) === JSON.stringify({ tags: [`store-${storeId}`] }));
    const purgeJobsDone = async () =>
      (await cluster.database.db.select({ status: jobs.status }).from(jobs).where(and(eq(jobs.kind, CDN_PURGE_KIND), sql`${jobs.payload}::text like ${`%${storeId}%`}`)))
        .every((job) => job.status === 'done');
    await waitUntil('the CDN purge', async () => purgesOf().length > 0 && (await purgeJobsDone()));
    expect(purgesOf()).toHaveLength(1);
  });

  it('a file uploaded through server 1 downloads from servers 2 and 3 with the same bytes, through S3', async () => {
    const { storeId, creatorId } = await seedStorefront(cluster.database.db, { slug: 'three-files' });
    const product = await insertProduct(cluster.asApp(), storeId, { status: 'draft', title: 'Glaze Guide' });
    const bytes = randomBytes(700 * 1024 + 17);
    const upload = await fetch(`${server(0).url}/api/stores/${storeId}/products/${product.id}/files`, {
      method: 'PUT',
      headers: { ...bearer(await creatorToken(creatorId)), 'content-type': 'application/pdf', 'x-file-name': 'guide.pdf' },
      body: bytes,
    });
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as Product).files[0]!.id;
    const key = `${storeId}/products/${fileId}`;
    expect(cluster.s3.objects.get(key)?.equals(bytes)).toBe(true);

    const buyer = await seedCustomer(cluster.asApp(), storeId);
    const order = await seedOrder(cluster.asApp(), { storeId, productId: product.id, customerId: buyer.id });
    const token = signDownloadToken(
      { appSecret: THREE_SERVERS_SECRET, dataDir: '' },
      { kind: 'file', orderId: order.id, fileId, expiresAt: Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs },
    );
    const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
    for (const index of [1, 2]) {
      const before = cluster.s3.requests.filter((line) => line === `GET ${key}`).length;
      const download = await fetch(`${server(index).url}/api/downloads/file/${token}`);
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
      // Each server has a DATA_DIR of its own: the bytes came from the bucket.
      expect(cluster.s3.requests.filter((line) => line === `GET ${key}`).length).toBe(before + 1);
    }
  });

  it('jobs enqueued through server 1 run exactly once between the three servers', async () => {
    const { db } = cluster.database;
    const { storeId, creatorId } = await seedSendingStore(db, 'three-jobs');
    const [creator] = await db.execute<{ email: string }>(sql`select email from users where id = ${creatorId}`).then((result) => result.rows);
    const subjects = Array.from({ length: 10 }, (_, index) => `Note ${index + 1}`);
    const campaignIds = subjects.map(() => newId('cmp'));
    await db.insert(emailCampaigns).values(subjects.map((subject, index) => ({ id: campaignIds[index]!, storeId, subject, body: SAMPLE_BODY, status: 'draft' as const })));

    const headers = bearer(await creatorToken(creatorId));
    const answers = await Promise.all(campaignIds.map((campaignId) => callRunningServer(server(0).url, 'sendTestEmail', { storeId, campaignId }, { headers })));
    expect(answers.map((answer) => answer.status)).toEqual(subjects.map(() => 200));

    const mine = () => cluster.accepted.filter((mail) => mail.to === creator!.email);
    // A sent email's payload keeps only its recipient (send-email-job.ts redacts the rest).
    const testJobs = () =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, SEND_EMAIL_KIND), sql`coalesce(${jobs.payload} -> 'message' ->> 'to', ${jobs.payload} ->> 'to') = ${creator!.email}`));
    // A server logs "job done" after the row's commit, through its stdout pipe: the last line may
    // arrive a moment after the row says done, so both are waited for.
    const logged = (jobId: string) => cluster.servers.some((one) => one.logs.some((line) => line.msg === 'job done' && line.jobId === jobId));
    const allDone = async () => {
      const rows = await testJobs();
      return rows.length === subjects.length && rows.every((job) => job.status === 'done' && logged(job.id));
    };
    await waitUntil('ten test emails sent', async () => mine().length >= subjects.length && (await allDone()));

    expect(mine().map((mail) => mail.subject).sort()).toEqual(subjects.map((subject) => `[Test] ${subject}`).sort());
    const done = await testJobs();
    expect(done).toHaveLength(subjects.length);
    // Claimed once each (a claim counts an attempt), and finished by exactly one server each.
    expect(done.map((job) => job.attempts)).toEqual(subjects.map(() => 1));
    const finishedBy = done.map((job) => cluster.servers.filter((one) => one.logs.some((line) => line.msg === 'job done' && line.jobId === job.id)).length);
    expect(finishedBy).toEqual(subjects.map(() => 1));
    const perServer = cluster.servers.map((one) => done.filter((job) => one.logs.some((line) => line.msg === 'job done' && line.jobId === job.id)).length);
    console.info(`three servers: the ${subjects.length} send-email jobs ran on servers 1, 2, 3: ${perServer.join(', ')}`);
  });

  it('a campaign completes with no duplicate and no missing recipient when a sending server is killed mid-send', async () => {
    const RECIPIENTS = 1_000;
    const { db } = cluster.database;
    const { storeId } = await seedSendingStore(db, 'three-campaign');
    await insertManyContacts(db, storeId, RECIPIENTS, 'three.example.com');
    const { campaignId } = await scheduleTestCampaign(db, { storeId });
    const accepted = () => cluster.accepted.filter((mail) => mail.to.endsWith('@three.example.com'));

    // Kill a server that holds a campaign batch (its job's `locked_by` names the process) once a
    // quarter of the mail went out.
    let victim = -1;
    await waitUntil('a quarter of the mail, and a server sending', async () => {
      if (accepted().length < RECIPIENTS / 4) return false;
      const running = await db.select({ lockedBy: jobs.lockedBy }).from(jobs).where(and(eq(jobs.kind, CAMPAIGN_BATCH_KIND), eq(jobs.status, 'running')));
      const pids = running.map((job) => Number(job.lockedBy?.split(':')[1]));
      victim = cluster.servers.findIndex((one) => pids.includes(one.child.pid!));
      return victim >= 0;
    });
    const atKill = accepted().length;
    server(victim).child.kill('SIGKILL');
    expect(await server(victim).exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(atKill).toBeLessThan(RECIPIENTS);

    const campaignStatus = async () => (await db.select({ status: emailCampaigns.status }).from(emailCampaigns).where(eq(emailCampaigns.id, campaignId)))[0]?.status;
    await waitUntil('the campaign to finish on the two servers left', async () => (await campaignStatus()) === 'sent', 150_000);

    const rows = await db
      .select({ email: emailCampaignRecipients.email, messageId: emailCampaignRecipients.messageId, status: emailCampaignRecipients.status })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(rows).toHaveLength(RECIPIENTS);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    // Per recipient: mail arrived, all of it with the one Message-ID fixed on their row.
    const messageIdOf = new Map(rows.map((row) => [row.email, row.messageId]));
    const idsByRecipient = new Map<string, Set<string>>();
    for (const mail of accepted()) idsByRecipient.set(mail.to, (idsByRecipient.get(mail.to) ?? new Set()).add(mail.messageId));
    expect([...messageIdOf.keys()].filter((email) => !idsByRecipient.has(email))).toEqual([]);
    expect([...idsByRecipient].filter(([email, ids]) => ids.size !== 1 || !ids.has(messageIdOf.get(email)!))).toEqual([]);
    // SMTP has no two-phase commit: what the killed server had in flight (2 lanes × 16) may be
    // delivered again after its lease, with the same Message-ID, which receivers de-duplicate on.
    const redelivered = accepted().length - RECIPIENTS;
    expect(redelivered).toBeLessThanOrEqual(2 * 16);
    console.info(`three servers: campaign of ${RECIPIENTS}, server ${victim + 1} killed at ${atKill} accepted; ${redelivered} same-Message-ID redeliveries`);
  });
});
