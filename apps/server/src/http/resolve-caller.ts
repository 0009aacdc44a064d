import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Caller } from '../functions/types.ts';

/**
 * The single hook that turns a request into a caller (session cookie or `Authorization: Bearer`).
 * The identity issue fills it in; until then every request is anonymous.
 */
export async function resolveCaller(_request: FastifyRequest, _deps: { db: Database }): Promise<Caller | null> {
  return null;
}
