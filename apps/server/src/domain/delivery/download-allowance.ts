// Exports the download limit's byte accounting (reserveDownload, endDownload, usedBytesSql,
// memberUsedBytesSql, downloadsLeft): one module so the reservation, its end and every reader count alike.
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { downloadTransfers } from '#src/db/schema/index.ts';
import { recordDownload } from './record-download.ts';

/**
 * A response still running after this long counts nothing more: its server died before it could
 * say what it sent (a crash never costs the buyer a download for good). Longer than any real
 * download takes.
 */
export const TRANSFER_LEASE_MS = 24 * 60 * 60 * 1000;

/** What one response costs: its length, and 1 for an empty file (so empty files are limited too). */
const costOf = (length: number) => Math.max(length, 1);

/** The bytes an order's limit allows for one file: limit × size (1 per download of an empty file). */
export function allowanceOf(downloadLimit: number, sizeBytes: number): number {
  return downloadLimit * costOf(sizeBytes);
}

/**
 * Who downloads: an order (its products' files), or a membership (its tier's files,
 * docs/memberships.md "Tier files"). Each counts its own downloads toward the product's limit.
 */
export type DownloadHolder = { orderId: string } | { membershipId: string };

const holderColumn = (holder: DownloadHolder) => ('orderId' in holder ? downloadTransfers.orderId : downloadTransfers.membershipId);
const holderId = (holder: DownloadHolder) => ('orderId' in holder ? holder.orderId : holder.membershipId);

/**
 * Bytes the order has used of a file at `now`: what ended responses sent, plus what running ones
 * reserved (within the lease). `orderId` and `fileId` may be columns of the outer query.
 */
export function usedBytesSql(orderId: AnyColumn | SQL | string, fileId: AnyColumn | SQL | string, now: Date): SQL<number> {
  return usedBytesOf(downloadTransfers.orderId, orderId, fileId, now);
}

/** The same for a membership's downloads of one of its tier's files. */
export function memberUsedBytesSql(membershipId: AnyColumn | SQL | string, fileId: AnyColumn | SQL | string, now: Date): SQL<number> {
  return usedBytesOf(downloadTransfers.membershipId, membershipId, fileId, now);
}

function usedBytesOf(column: AnyColumn, holder: AnyColumn | SQL | string, fileId: AnyColumn | SQL | string, now: Date): SQL<number> {
  const since = new Date(now.getTime() - TRANSFER_LEASE_MS);
  return sql<number>`(select coalesce(sum(case when ${downloadTransfers.endedAt} is not null then ${downloadTransfers.servedBytes} when ${downloadTransfers.startedAt} > ${since} then ${downloadTransfers.reservedBytes} else 0 end), 0)::bigint
    from ${downloadTransfers} where ${column} = ${holder} and ${downloadTransfers.fileId} = ${fileId})`;
}

/** Downloads still allowed: whole files' worth of what is left, rounded up (a started one may finish). */
export function downloadsLeft(downloadLimit: number | null, sizeBytes: number, usedBytes: number): number | null {
  if (downloadLimit === null) return null;
  return Math.max(0, Math.ceil((allowanceOf(downloadLimit, sizeBytes) - usedBytes) / costOf(sizeBytes)));
}

export interface DownloadRequest {
  holder: DownloadHolder;
  fileId: string;
  storeId: string;
  sizeBytes: number;
  /** Null is unlimited: the response is still recorded, so a later limit counts it. */
  downloadLimit: number | null;
  /** The bytes this response will send (the range's length, or the whole file). */
  length: number;
  now: Date;
}

/**
 * Reserves a response's bytes when it starts, if the order has any of the file's allowance left
 * (used < limit × size), atomically: concurrent requests for one order and file take an advisory
 * lock in turn, so however they are timed no more start than the allowance lets through. Each
 * response may finish the file it started, so at most limit × size + (size − 1) bytes are ever
 * served: never a (limit + 1)th whole copy. Null when refused.
 */
export async function reserveDownload(db: Database, request: DownloadRequest): Promise<{ transferId: string } | null> {
  return db.transaction(async (tx) => {
    const id = holderId(request.holder);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`download:${id}:${request.fileId}`}, 0))`);
    if (request.downloadLimit !== null) {
      const { rows } = await tx.execute<{ used: string }>(sql`select ${usedBytesOf(holderColumn(request.holder), id, request.fileId, request.now)} as used`);
      if (Number(rows[0]?.used ?? 0) >= allowanceOf(request.downloadLimit, request.sizeBytes)) return null;
    }
    const transferId = newId('dlt');
    await tx.insert(downloadTransfers).values({
      id: transferId,
      ...('orderId' in request.holder ? { orderId: request.holder.orderId } : { membershipId: request.holder.membershipId }),
      fileId: request.fileId,
      storeId: request.storeId,
      reservedBytes: costOf(request.length),
      startedAt: request.now,
    });
    return { transferId };
  });
}

/**
 * A response ended: it keeps what it sent (all of it when complete; an empty file's 1) and gives
 * the rest of its reservation back. One of an order that sent the file's last byte is also a
 * completed download (the sales page's count).
 */
export async function endDownload(
  db: Database,
  options: { transferId: string; holder: DownloadHolder; fileId: string; storeId: string; sentBytes: number; complete: boolean; reachesEnd: boolean; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const served = options.complete ? sql`${downloadTransfers.reservedBytes}` : sql`least(${options.sentBytes}, ${downloadTransfers.reservedBytes})`;
    const ended = await tx
      .update(downloadTransfers)
      .set({ servedBytes: served, endedAt: options.now })
      .where(and(eq(downloadTransfers.id, options.transferId), sql`${downloadTransfers.endedAt} is null`))
      .returning({ id: downloadTransfers.id });
    if (ended.length > 0 && options.complete && options.reachesEnd && 'orderId' in options.holder) {
      await recordDownload(tx, { orderId: options.holder.orderId, fileId: options.fileId, storeId: options.storeId, now: options.now });
    }
  });
}
