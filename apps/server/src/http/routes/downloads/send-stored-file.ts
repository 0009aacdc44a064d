// Exports what the download routes share to answer (sendStoredFile, sendMessage, privateHeaders):
// one module so an order's file and a member's tier file are served, limited and counted alike.
import { pipeline, Readable, Transform } from 'node:stream';
import { COMMERCE_MESSAGES } from '@shopfront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { ProductFileRow } from '#src/db/schema/index.ts';
import { attachmentDisposition } from '#src/domain/delivery/attachment-disposition.ts';
import { allowanceOf, endDownload, reserveDownload, type DownloadHolder } from '#src/domain/delivery/download-allowance.ts';
import type { BuyerPageTheme } from '#src/domain/delivery/buyer-page-style.ts';
import { fileValidators, ifRangeMatches } from '#src/domain/delivery/file-validators.ts';
import { renderDeliveryMessagePage } from '#src/domain/delivery/order-access-page.ts';
import { parseByteRange } from '#src/domain/delivery/parse-byte-range.ts';
import type { FileStorage } from '#src/files/file-storage.ts';

const PRIVATE = 'private, no-store';

export function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', PRIVATE)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');
}

/** A message page, in the store's theme when the link named a real purchase or membership. */
export function sendMessage(reply: FastifyReply, status: number, title: string, message: string, store: BuyerPageTheme | null = null): FastifyReply {
  return privateHeaders(reply).code(status).type('text/html; charset=utf-8').send(renderDeliveryMessagePage(title, message, store));
}

export interface ServedFile {
  holder: DownloadHolder;
  storeId: string;
  file: ProductFileRow;
  downloadLimit: number | null;
  usedBytes: number;
  store: BuyerPageTheme;
  /** What a reached limit says (403, not 410: the link is valid; the creator can raise the limit). */
  limitMessage: string;
}

export interface SendStoredFileDeps {
  db: Database;
  files: FileStorage;
  now: () => Date;
}

/**
 * Answers one file the caller may download: single byte ranges (206/416, If-Range against the
 * file's strong ETag) so a broken download resumes, the body streamed from storage, never buffered.
 */
export async function sendStoredFile(deps: SendStoredFileDeps, request: FastifyRequest, reply: FastifyReply, found: ServedFile): Promise<FastifyReply> {
  const { db, now } = deps;
  const limitReached = () => sendMessage(reply, 403, 'Download limit reached', found.limitMessage, found.store);
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
  const stored = await deps.files.getStream(found.file.storageKey, range);
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
    : await reserveDownload(db, { holder: found.holder, fileId: found.file.id, storeId: found.storeId, sizeBytes: size, downloadLimit: found.downloadLimit, length, now: now() });
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
      holder: found.holder,
      fileId: found.file.id,
      storeId: found.storeId,
      sentBytes,
      complete,
      reachesEnd: !range || range.end === size - 1,
      now: now(),
    });
  const metered = meterTransfer(length, end, (error) => request.log.error({ err: error, fileId: found.file.id }, 'download not accounted'));
  // pipeline, not pipe: when the buyer goes away Fastify destroys `metered`, and that must close
  // the file or the S3 response behind it too, and give back what was not sent.
  pipeline(stored.stream, metered, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err: error, fileId: found.file.id }, 'download stream failed');
  });
  return reply.send(metered);
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
