// Exports noCrossOriginRead and ownedStoreForExport: one module because they are what every private CSV export route does first.
import { AppError, MESSAGES } from '@shopfront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { getOwnedStore, storeNotFound } from '#src/domain/stores/get-owned-store.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';

/** An `onSend` hook: the export is never readable cross-origin, so the CORS headers are taken off its reply. */
export async function noCrossOriginRead(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.removeHeader('access-control-allow-origin');
  reply.removeHeader('access-control-allow-credentials');
  return payload;
}

/**
 * The store named in the path, when the caller is the creator who owns it: signed out → 401; a
 * customer session, or another creator's store → the same 404 as a missing store.
 */
export async function ownedStoreForExport(request: FastifyRequest<{ Params: { storeId: string } }>, options: { db: Database; now: () => Date }) {
  const caller = await resolveCaller(request, { db: options.db, now: options.now });
  if (!caller) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
  if (caller.kind !== 'creator') throw storeNotFound();
  return { caller, store: await getOwnedStore(options.db, { storeId: request.params.storeId, userId: caller.userId }) };
}
