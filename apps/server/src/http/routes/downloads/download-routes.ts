import { Readable } from 'node:stream';
import { COMMERCE_MESSAGES, membersUrl } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { attachmentDisposition } from '#src/domain/delivery/attachment-disposition.ts';
import { readDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { findDeliverableFile, findOrderDelivery } from '#src/domain/delivery/find-delivery.ts';
import { renderDeliveryMessagePage, renderOrderAccessPage } from '#src/domain/delivery/order-access-page.ts';
import { mintPurchaseFileLinks } from '#src/domain/delivery/mint-purchase-file-links.ts';
import { recordDownload } from '#src/domain/delivery/record-download.ts';
import type { Env } from '#src/env.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';

export interface DownloadRouteOptions {
  env: Env;
  db: Database;
  now: () => Date;
  /** Defaults to the configured storage. */
  files?: FileStorage;
}

const PRIVATE = 'private, no-store';

/**
 * Delivery (docs/selling.md "Delivery"; SECURITY "Downloads"). The token names ids only:
 * each file is looked up within the token's order, its product and its store. A bad signature,
 * another order's file or another store's all answer the same 404; an expired link 410; a refunded
 * order 410. Tokens sit in the URL, so nothing here leaks a Referer or is cached.
 */
export async function downloadRoutes(app: FastifyInstance, options: DownloadRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  // Wildcards, not `:token`: a signed file token is longer than Fastify's 100-character param limit.

  app.get<{ Params: { '*': string } }>('/api/downloads/file/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') return sendMessage(reply, 410, 'Link expired', COMMERCE_MESSAGES.linkExpired);
    const found = token?.kind === 'file' ? await findDeliverableFile(db, { orderId: token.orderId, fileId: token.fileId }) : null;
    if (!found) return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
    if (found.order.status !== 'paid') return sendMessage(reply, 410, 'Access revoked', COMMERCE_MESSAGES.accessRevoked);
    const stored = await files.getStream(found.file.storageKey);
    if (!stored) {
      request.log.error({ fileId: found.file.id }, 'product file missing from storage');
      return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
    }
    // A HEAD (a link checker, a mail scanner) is not a download.
    if (request.method === 'HEAD') stored.stream.destroy();
    else await recordDownload(db, { orderId: found.order.id, fileId: found.file.id, storeId: found.order.storeId, now });
    privateHeaders(reply)
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachmentDisposition(found.file.name))
      .header('content-length', String(stored.sizeBytes))
      .header('content-security-policy', "default-src 'none'; sandbox");
    // Fastify's HEAD route drains a stream body; an empty one keeps the real Content-Length.
    return reply.send(request.method === 'HEAD' ? Readable.from([]) : stored.stream);
  });

  app.get<{ Params: { '*': string } }>('/api/downloads/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') {
      return sendMessage(reply, 410, 'Link expired', 'This access link has expired. Sign in to the store’s members area to download your purchase.');
    }
    const delivery = token?.kind === 'order' ? await findOrderDelivery(db, token.orderId) : null;
    if (!delivery) return sendMessage(reply, 404, 'Link not found', 'This link is not valid. Please use the link in your receipt email.');
    const links = mintPurchaseFileLinks(env, delivery.order, delivery.files, now);
    const html = renderOrderAccessPage({ delivery, links, membersUrl: membersUrl(delivery.store, { origin: env.publicUrl }) });
    return privateHeaders(reply)
      .code(delivery.order.status === 'paid' ? 200 : 410)
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', PRIVATE)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');
}

function sendMessage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return privateHeaders(reply).code(status).type('text/html; charset=utf-8').send(renderDeliveryMessagePage(title, message));
}
