import { encodeResult } from '@shopfront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '#src/storefront/negotiate.ts';
import type { KeptAnswerSpec } from '#src/functions/kept-answers.ts';
import { ownedStoreKey } from '#src/functions/owned-store.ts';
import type { Caller, FunctionContext } from '#src/functions/types.ts';
import type { KeptAnswerStore } from '#src/db/schema/index.ts';
import { addVary } from '../compress-answers.ts';
import type { AnswerCache } from './answer-cache.ts';
import { sendResult } from './callable-reply.ts';
import type { KeptAnswer } from './answer-store.ts';

/**
 * A kept read (functions/kept-answers.ts): the caller's ownership of the store is checked first,
 * exactly as the handler would (someone else's store answers "not found" whatever is kept), then
 * the store's answer comes from memory, or from the handler and is kept (answer-cache.ts). The
 * session's statement read only the store's key for it; a handler that runs reads the row itself.
 */
export async function answerKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: { spec: KeptAnswerSpec; name: string; answers: AnswerCache; input: { storeId: string } },
  ctx: FunctionContext,
  produce: () => Promise<unknown>,
): Promise<FastifyReply> {
  const { spec, name, answers, input } = kept;
  const store = await ownedStoreKey(ctx, input.storeId);
  const filed = keptAnswerKey(spec, name, input, store, countersVersionOf(ctx.caller, store.id), ctx.now());
  // Without the counters' versions read with the session, nothing says when such an answer changes.
  if (!filed) return sendResult(request, reply, await produce());
  const owner = { storeId: store.id, creatorId: store.creatorId, scope: spec.scope, version: filed.version };
  const answer = answers.peek(filed.key, filed.version) ?? (await answers.fill(filed.key, owner, async () => JSON.stringify(encodeResult(await produce()))));
  return sendKept(request, reply, answer);
}

/**
 * Where a kept answer of this call is filed (its key) and the version it must have; null when the
 * answer is made of the store's counters and the session read no versions of them.
 */
export function keptAnswerKey(
  spec: KeptAnswerSpec,
  name: string,
  input: { storeId: string },
  store: KeptAnswerStore,
  countersVersion: string | null,
  now: Date,
): { key: string; version: string } | null {
  const version = spec.counters ? countersVersion : '';
  if (version === null) return null;
  return { key: `${name}|${store.id}|${spec.variant(input, store, now)}`, version };
}

/** The versions of the store's counter rows the caller's session read with it; null when it read none. */
function countersVersionOf(caller: Caller | null, storeId: string): string | null {
  const read = caller?.kind === 'creator' && caller.ownedStore?.storeId === storeId ? caller.ownedStore : undefined;
  return read?.countersVersion ?? null;
}

/** The bytes as sent before: compressed forms made once, chosen by Accept-Encoding as compress-answers.ts would. */
function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8');
  if (!answer.br || !answer.gzip) return reply.send(answer.json);
  addVary(reply, 'Accept-Encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer[encoding]);
}
