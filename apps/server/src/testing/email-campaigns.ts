import type { EmailBlock, SegmentFilter } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { customers, emailCampaignRecipients, emailCampaigns, emailSegments, storeEmailSettings } from '#src/db/schema/index.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { scheduleCampaignSend } from '#src/domain/email/sending/schedule-campaign-send.ts';

export const POSTAL_ADDRESS = '1 Market Street\nSpringfield, IL 62701';

export const SAMPLE_BODY: EmailBlock[] = [
  { id: 'h1', type: 'heading', text: 'Spring drop' },
  { id: 't1', type: 'text', html: '<p>New mugs are in.</p>' },
  { id: 'b1', type: 'button', label: 'Shop now', href: 'https://mugs.example.com/spring' },
];

/** A published store with a postal address (so it may send) and the given tracking setting. */
export async function seedSendingStore(db: Executor, slug: string, options: { tracking?: boolean; name?: string } = {}) {
  const { storeId, creatorId } = await seedStorefront(db, { slug, name: options.name ?? 'Cozy Mugs Co.' });
  await db.insert(storeEmailSettings).values({ storeId, postalAddress: POSTAL_ADDRESS, trackingEnabled: options.tracking ?? false });
  return { storeId, creatorId };
}

export interface TestContact {
  email: string;
  consent?: boolean;
  tags?: string[];
}

export async function insertContacts(db: Executor, storeId: string, contacts: readonly TestContact[]) {
  if (contacts.length === 0) return;
  await db.insert(customers).values(
    contacts.map((contact) => ({
      id: newId('cus'),
      storeId,
      email: contact.email,
      name: contact.email.split('@')[0]!,
      tags: contact.tags ?? [],
      marketingConsent: contact.consent ?? true,
    })),
  );
}

/** Many consenting contacts in one statement (crash drill, bench). */
export async function insertManyContacts(db: Executor, storeId: string, count: number, domain = 'example.com') {
  await db.execute(sql`
    insert into ${customers} (id, store_id, email, name, marketing_consent)
    select 'cus_' || substr(md5(random()::text || n), 1, 20), ${storeId}, 'buyer' || n || '@' || ${domain}, 'Buyer ' || n, true
    from generate_series(1, ${count}) n`);
}

/** A campaign already `scheduled` at `runAt` with its start job queued, as the schedule handler leaves it. */
export async function scheduleTestCampaign(
  db: Database,
  options: { storeId: string; filter?: SegmentFilter; body?: EmailBlock[]; subject?: string; runAt?: Date },
) {
  const runAt = options.runAt ?? new Date(Date.now() - 1000);
  const campaignId = newId('cmp');
  await db.transaction(async (tx) => {
    let segmentId: string | null = null;
    if (options.filter) {
      segmentId = newId('seg');
      await tx.insert(emailSegments).values({ id: segmentId, storeId: options.storeId, name: 'Test segment', filter: options.filter });
    }
    await tx.insert(emailCampaigns).values({
      id: campaignId,
      storeId: options.storeId,
      subject: options.subject ?? 'Spring drop at Cozy Mugs',
      body: options.body ?? SAMPLE_BODY,
      segmentId,
      status: 'scheduled',
      scheduledAt: runAt,
    });
    await scheduleCampaignSend(tx, { campaignId, storeId: options.storeId, runAt });
  });
  return { campaignId, runAt };
}

/** What the stop handler does: the campaign `cancelled`, its pending rows `cancelled`. */
export async function stopCampaignLikeTheHandler(db: Database, campaignId: string) {
  await db.transaction(async (tx) => {
    await tx.update(emailCampaigns).set({ status: 'cancelled' }).where(eq(emailCampaigns.id, campaignId));
    await tx
      .update(emailCampaignRecipients)
      .set({ status: 'cancelled' })
      .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'pending')));
  });
}

export async function recipientRows(db: Database, campaignId: string) {
  return db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaignId));
}

export async function campaignRow(db: Database, campaignId: string) {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  return row!;
}
