// Exports previewMembershipPostEmail and emailMembershipPost: emailing a published post to its tiers'
// members once, through a hidden campaign, so the campaign machinery's rules and stats apply.
import { AppError, EMAIL_MESSAGES, MEMBERSHIP_POST_MESSAGES as M, membersUrl, type EmailBlock, type MembershipPost } from '@shopfront/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { customers, emailCampaignRecipients, emailCampaigns, emailSuppressions, membershipPosts, memberships, storeEmailSettings, stores, type MembershipPostRow } from '#src/db/schema/index.ts';
import { CAMPAIGN_LANES } from '#src/domain/email/sending/start-campaign-send.ts';
import { enqueueCampaignBatch } from '#src/domain/email/sending/enqueue-campaign-batch.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { membershipAccess } from '../membership-access.ts';
import { getOwnedPost } from './get-owned-post.ts';
import { toPost } from './post-view.ts';

interface Caller {
  userId: string;
  storeId: string;
  postId: string;
}

/**
 * Who an email of the post reaches now: customers holding a membership of its product on a tier
 * it names (every tier when it names none) whose access is live — trialing, active, past due within
 * the grace, cancelled before the period end; never paused or ended (membershipAccess, on the
 * store's test clock for test memberships) — less addresses the store may not email: on its
 * suppression list (unsubscribed, bounced, complained, removed by hand) or whose marketing
 * consent was withdrawn (an unsubscribe). A member who never ticked marketing consent still gets
 * it: the post is content their membership pays for, and the email carries an unsubscribe link.
 */
async function postAudience(db: Executor, post: MembershipPostRow, now: Date): Promise<{ customerId: string; email: string; name: string }[]> {
  const rows = await db
    .select({ membership: memberships, customer: { id: customers.id, email: customers.email, name: customers.name, consent: customers.marketingConsent, withdrawnAt: customers.marketingWithdrawnAt } })
    .from(memberships)
    .innerJoin(customers, and(eq(customers.id, memberships.customerId), eq(customers.storeId, memberships.storeId)))
    .where(
      and(
        eq(memberships.productId, post.productId),
        eq(memberships.storeId, post.storeId),
        ne(memberships.status, 'ended'),
        post.tierIds === null ? undefined : inArray(memberships.tierId, post.tierIds.length > 0 ? post.tierIds : ['']),
      ),
    );
  const clockNow = new Date(now.getTime() + (await readTestClockOffsetMs(db, post.storeId)));
  const live = rows.filter((row) => membershipAccess(row.membership, row.membership.provider === 'test' ? clockNow : now) && !(row.customer.withdrawnAt && !row.customer.consent));
  if (live.length === 0) return [];
  const suppressed = new Set(
    (
      await db
        .select({ email: emailSuppressions.email })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.storeId, post.storeId), inArray(emailSuppressions.email, [...new Set(live.map((row) => row.customer.email))])))
    ).map((row) => row.email),
  );
  const byEmail = new Map<string, { customerId: string; email: string; name: string }>();
  for (const { customer } of live) {
    if (!suppressed.has(customer.email)) byEmail.set(customer.email, { customerId: customer.id, email: customer.email, name: customer.name });
  }
  return [...byEmail.values()];
}

export async function previewMembershipPostEmail(deps: { db: Database; now: Date }, input: Caller): Promise<{ recipients: number }> {
  const { post } = await getOwnedPost(deps.db, input);
  return { recipients: (await postAudience(deps.db, post, deps.now)).length };
}

/** The email: the post's title and text (the campaign sanitiser keeps text tags only), then a button to the members area. */
function postEmailBody(post: MembershipPostRow, readUrl: string): EmailBlock[] {
  return [
    { id: 'title', type: 'heading', text: post.title },
    { id: 'text', type: 'text', html: post.bodyHtml },
    { id: 'read', type: 'button', label: 'Read it in the members area', href: readUrl },
  ];
}

/**
 * Emails a published post to its audience (postAudience), once per post: a second ask is refused
 * with "already emailed" (the dashboard shows when it went and to how many). In one transaction,
 * under the post's lock: the store's postal address and sending not paused (as a campaign send),
 * at least one recipient, then a hidden campaign row (`membership_post_id`: never listed or edited
 * as a campaign), one recipient row per address with its fixed Message-ID, and the campaign's batch
 * jobs, which apply the rate limits, suppressions at send time, unsubscribe links and the complaint
 * pause like any campaign.
 */
export async function emailMembershipPost(deps: { db: Database; now: Date; env: Pick<Env, 'publicUrl' | 'email'> }, input: Caller): Promise<MembershipPost> {
  const { now } = deps;
  const messageIdDomain = /@([^\s<>@]+)>?\s*$/.exec(deps.env.email.from)?.[1] ?? 'shopfront.invalid';
  return deps.db.transaction(async (tx) => {
    const { post } = await getOwnedPost(tx, { ...input, lock: true });
    if (post.emailCampaignId) throw new AppError('failed-precondition', M.alreadyEmailed);
    if (post.status !== 'published') throw new AppError('failed-precondition', M.emailNotPublished);
    const [settings] = await tx.select().from(storeEmailSettings).where(eq(storeEmailSettings.storeId, post.storeId)).limit(1);
    if (!settings || settings.postalAddress.trim() === '') throw new AppError('failed-precondition', EMAIL_MESSAGES.postalAddressRequired);
    if (settings.pausedAt) throw new AppError('failed-precondition', EMAIL_MESSAGES.sendingPaused);
    const audience = await postAudience(tx, post, now);
    if (audience.length === 0) throw new AppError('failed-precondition', M.noEmailRecipients);
    const [store] = await tx.select().from(stores).where(eq(stores.id, post.storeId)).limit(1);
    const campaignId = newId('cmp');
    await tx.insert(emailCampaigns).values({
      id: campaignId,
      storeId: post.storeId,
      name: post.title,
      subject: post.title,
      previewText: '',
      body: postEmailBody(post, `${membersUrl(store!, { origin: deps.env.publicUrl })}/memberships`),
      status: 'sending',
      scheduledAt: now,
      startedAt: now,
      recipientCount: audience.length,
      membershipPostId: post.id,
      createdAt: now,
      updatedAt: now,
    });
    for (let at = 0; at < audience.length; at += 1000) {
      await tx.insert(emailCampaignRecipients).values(
        audience.slice(at, at + 1000).map((one) => {
          const id = newId('rcp');
          return { id, campaignId, storeId: post.storeId, customerId: one.customerId, email: one.email, name: one.name, messageId: `<${id}@${messageIdDomain}>`, createdAt: now };
        }),
      );
    }
    const [updated] = await tx.update(membershipPosts).set({ emailCampaignId: campaignId, emailedAt: now, updatedAt: now }).where(eq(membershipPosts.id, post.id)).returning();
    for (let lane = 0; lane < CAMPAIGN_LANES; lane += 1) {
      await enqueueCampaignBatch(tx, { campaignId, storeId: post.storeId, lane, seq: 0 }, now);
    }
    return toPost(tx, updated!);
  });
}
