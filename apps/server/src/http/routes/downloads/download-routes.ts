import { pipeline, Readable, Transform } from 'node:stream';
import { COMMERCE_MESSAGES, membersUrl } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { attachmentDisposition } from '#src/domain/delivery/attachment-disposition.ts';
import { readDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { fileValidators, ifRangeMatches } from '#src/domain/delivery/file-validators.ts';
import { allowanceOf, endDownload, reserveDownload } from '#src/domain/delivery/download-allowance.ts';
import { findDeliverableFile, findOrderDelivery } from '#src/domain/delivery/find-delivery.ts';
import type { BuyerPageTheme } from '#src/domain/delivery/buyer-page-style.ts';
import { renderDeliveryMessagePage, renderOrderAccessPage } from '#src/domain/delivery/order-access-page.ts';
import { mintPurchaseFileLinks } from '#src/domain/delivery/mint-purchase-file-links.ts';
import { parseByteRange } from '#src/domain/delivery/parse-byte-range.ts';
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
 * another order's file or another store's all answer the same 404; an expired link 410; a fully
 * refunded order 410 (a partly refunded one still downloads); a reached download limit 403.
 * Files answer single byte ranges (206/416, If-Range against the file's strong ETag) so a broken
 * download resumes; the body is streamed from storage, never buffered.
 * Tokens sit in the URL, so nothing here leaks a Referer or is cached.
 */
export async function downloadRoutes(app: FastifyInstance, options: DownloadRouteOptions): Promise<void> {
  const { env, db } = options;
  const files = options.files ?? storageFromEnv(env);
  // Wildcards, not `:token`: a signed file token is longer than Fastify's 100-character param limit.

  app.get<{ Params: { '*': string } }>('/api/downloads/file/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') return sendMessage(reply, 410, 'Link expired', COMMERCE_MESSAGES.linkExpired);
    const found = token?.kind === 'file' ? await findDeliverableFile(db, { orderId: token.orderId, fileId: token.fileId }, now) : null;
    if (!found) return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
    if (found.order.status !== 'paid') return sendMessage(reply, 410, 'Access revoked', COMMERCE_MESSAGES.accessRevoked, found.store);
    // 403, not 410: the link is valid and the purchase stands; the creator can raise the limit.
    const limitReached = () => sendMessage(reply, 403, 'Download limit reached', COMMERCE_MESSAGES.downloadLimitReached, found.store);
    if (found.downloadLimit !== null && found.usedBytes >= allowanceOf(found.downloadLimit, found.file.sizeBytes)) return limitReached();
    const size = found.file.sizeBytes;
    const validators = fileValidators(found.file);
    const ifRange = request.headers['if-range'];
    const rangeApplies = typeof ifRange !== 'object' && ifRangeMatches(ifRange, validators);
    const plan = rangeApplies ? parseByteRange(request.headers.range, size) : ({ kind: 'full' } as const);
    if (plan.kind === 'unsatisfiable') {
      privateHeaders(reply).header('content-range', `bytes */${size}`).header('accept-ranges', 'bytes');
      return sendMessage(reply, 416, 'Range not satisfiable', COMMERCE_MESSAGES.rangeNotSatisfiable, found.store);
    }
    const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
    const length = range ? range.end - range.start + 1 : size;
    const stored = await files.getStream(found.file.storageKey, range);
    if (!stored) {
      request.log.error({ fileId: found.file.id }, 'product file missing from storage');
      return sendMessage(reply, 404, 'File not found', COMMERCE_MESSAGES.fileNotFound);
    }
    // A HEAD (a link checker, a mail scanner) is not a download; Fastify's HEAD route drains a
    // stream body, so an empty one keeps the real Content-Length.
    const head = request.method === 'HEAD';
    // The limit counts bytes served: the response reserves its length as it starts (atomically,
    // so simultaneous downloads cannot pass the limit) and keeps only what it sent when it ends.
    const transfer = head
      ? null
      : await reserveDownload(db, { orderId: found.order.id, fileId: found.file.id, storeId: found.order.storeId, sizeBytes: size, downloadLimit: found.downloadLimit, length, now });
    if (!head && !transfer) {
      stored.stream.destroy();
      return limitReached();
    }
    privateHeaders(reply)
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachmentDisposition(found.file.name))
      .header('content-length', String(length))
      .header('accept-ranges', 'bytes')
      .header('etag', validators.etag)
      .header('last-modified', validators.lastModified)
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    if (!transfer) {
      stored.stream.destroy();
      return reply.send(Readable.from([]));
    }
    // A completed download (the sales page's count) is one whose response sent the file's last
    // byte: a whole file, or the range that finished a resumed one.
    const end = (sentBytes: number, complete: boolean) =>
      endDownload(db, {
        transferId: transfer.transferId,
        orderId: found.order.id,
        fileId: found.file.id,
        storeId: found.order.storeId,
        sentBytes,
        complete,
        reachesEnd: !range || range.end === size - 1,
        now: options.now(),
      });
    const metered = meterTransfer(length, end, (error) => request.log.error({ err: error, fileId: found.file.id }, 'download not accounted'));
    // pipeline, not pipe: when the buyer goes away Fastify destroys `metered`, and that must close
    // the file or the S3 response behind it too, and give back what was not sent.
    pipeline(stored.stream, metered, (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err: error, fileId: found.file.id }, 'download stream failed');
    });
    return reply.send(metered);
  });

  app.get<{ Params: { '*': string } }>('/api/downloads/*', async (request, reply) => {
    const now = options.now();
    const token = readDownloadToken(env, request.params['*'], now);
    if (token === 'expired') {
      return sendMessage(reply, 410, 'Link expired', 'This access link has expired. Sign in to the store’s members area to download your purchase.');
    }
    const delivery = token?.kind === 'order' ? await findOrderDelivery(db, token.orderId, now) : null;
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

/** A message page, in the store's theme when the link named a real purchase. */
function sendMessage(reply: FastifyReply, status: number, title: string, message: string, store: BuyerPageTheme | null = null): FastifyReply {
  return privateHeaders(reply).code(status).type('text/html; charset=utf-8').send(renderDeliveryMessagePage(title, message, store));
}

/**
 * Passes the `length` bytes through, counting them. It ends the transfer as complete before it
 * passes the last chunk on (a client that knows the Content-Length finishes on its last byte), so
 * the count is there when the buyer's download finishes. A client that goes away (or a storage
 * error) destroys the stream first: the transfer then keeps only the bytes that went into the
 * response.
 */
function meterTransfer(length: number, end: (sentBytes: number, complete: boolean) => Promise<void>, onError: (error: unknown) => void): Transform {
  let sent = 0;
  let ended = false;
  const finish = (complete: boolean) => {
    if (ended) return Promise.resolve();
    ended = true;
    return end(sent, complete);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      if (sent < length) return done(null, chunk);
      finish(true).then(() => done(null, chunk), done);
    },
    flush(done) {
      finish(true).then(() => done(), done);
    },
  });
  meter.on('close', () => {
    finish(false).catch(onError);
  });
  return meter;
}
