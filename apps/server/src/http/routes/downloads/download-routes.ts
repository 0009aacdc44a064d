import { COMMERCE_MESSAGES, MEMBERSHIP_MESSAGES, membersUrl, PAYMENT_PLAN_MESSAGES } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { readDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { findDeliverableFile, findOrderDelivery } from '#src/domain/delivery/find-delivery.ts';
import { planLocksOrder } from '#src/domain/payment-plans/plan-locks-order.ts';
import { renderOrderAccessPage } from '#src/domain/delivery/order-access-page.ts';
import { mintPurchaseFileLinks } from '#src/domain/delivery/mint-purchase-file-links.ts';
import { findMemberFile } from '#src/domain/memberships/files/member-files.ts';
import { findMemberPostFile } from '#src/domain/memberships/posts/post-files.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { privateHeaders, sendMessage, sendStoredFile } from './send-stored-file.ts';

export interface DownloadRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage. */
  files?: FileStorage;
}

/**
 * Delivery (docs/selling.md "Delivery"; SECURITY "Downloads"). The token names ids only:
 * each file is looked up within the token's order, its product and its store. A bad signature,
 * another order's file or another store's all answer the same 404; an expired link 410; a fully
 * refunded order 410 (a partly refunded one still downloads); a reached download limit 403.
 * A member's tier file (docs/memberships.md "Tier files") is looked up within the membership's
 * current tier and product the same way, and answers 410 once the membership's access ended (or
 * while it is paused), so a link handed out before stops working.
 * Tokens sit in the URL, so nothing here leaks a Referer or is cached.
 */
export async function downloadRoutes(app: FastifyInstance, options: DownloadRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  const deps = { db, files, now: options.now };
  // Wildcards, not `:token`: a signed file token is longer than Fastify's 100-character param limit.

  app.get<{ Params: { '*': string } }>('/api/downloads/file/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') return sendMessage(reply, 410, 'Link expired', COMMERCE_MESSAGES.linkExpired);
    if (token?.kind === 'member-file') {
      const ids = { membershipId: token.membershipId, fileId: token.fileId };
      // A tier's file, or a file attached to a post the membership's tier may read.
      const found = (await findMemberFile(db, ids, now)) ?? (await findMemberPostFile(db, ids, now));
      if (!found) return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
      if (found.access === 'resume') return sendMessage(reply, 410, 'Membership paused', MEMBERSHIP_MESSAGES.filesPaused, found.store);
      if (found.access === 'renew') return sendMessage(reply, 410, 'Membership ended', MEMBERSHIP_MESSAGES.filesLocked, found.store);
      const { membership, ...rest } = found;
      return sendStoredFile(deps, request, reply, { ...rest, holder: { membershipId: membership.id }, storeId: membership.storeId, limitMessage: MEMBERSHIP_MESSAGES.fileDownloadLimitReached });
    }
    const found = token?.kind === 'file' ? await findDeliverableFile(db, { orderId: token.orderId, fileId: token.fileId }, now) : null;
    if (!found) return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
    if (found.order.status !== 'paid') return sendMessage(reply, 410, 'Access revoked', COMMERCE_MESSAGES.accessRevoked, found.store);
    if (await planLocksOrder(db, found.order.id)) return sendMessage(reply, 403, 'Payment overdue', PAYMENT_PLAN_MESSAGES.downloadLocked, found.store);
    const { order, ...rest } = found;
    return sendStoredFile(deps, request, reply, { ...rest, holder: { orderId: order.id }, storeId: order.storeId, limitMessage: COMMERCE_MESSAGES.downloadLimitReached });
  });

  app.get<{ Params: { '*': string } }>('/api/downloads/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') {
      return sendMessage(reply, 410, 'Link expired', 'This access link has expired. Sign in to the store’s members area to download your purchase.');
    }
    const delivery = token?.kind === 'order' ? await findOrderDelivery(db, token.orderId, now) : null;
    if (!delivery) return sendMessage(reply, 404, 'Link not found', 'This link is not valid. Please use the link in your receipt email.');
    // A locked payment plan shows why and where to update the card, not files that would be refused.
    const planLocked = delivery.order.status === 'paid' && (await planLocksOrder(db, delivery.order.id));
    const links = planLocked ? [] : mintPurchaseFileLinks(env, delivery.order, delivery.files, now);
    const html = renderOrderAccessPage({ delivery, links, membersUrl: membersUrl(delivery.store, { origin: env.publicUrl }), planLocked });
    return privateHeaders(reply)
      .code(delivery.order.status !== 'paid' ? 410 : planLocked ? 403 : 200)
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
