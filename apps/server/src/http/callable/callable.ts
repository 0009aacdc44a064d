import { AppError, EMAIL_LIMITS, type FunctionContract } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { assertAccess } from '#src/functions/assert-access.ts';
import type { FunctionTable } from '#src/functions/index.ts';
import { KEPT_ANSWERS, mayWrite } from '#src/functions/kept-answers.ts';
import type { FunctionContext } from '#src/functions/types.ts';
import type { AnswerCache } from './answer-cache.ts';
import { CALLABLE_MESSAGES, parseInput, readCallableData } from './callable-body.ts';
import { sendResult, wantsEventStream } from './callable-reply.ts';
import { answerKept } from './kept-answer-reply.ts';
import { replayedBody } from './kept-read-lane.ts';
import { assertSafeInputText } from './input-text-guard.ts';
import { assertTrustedOrigin } from '../origin-check.ts';
import { resolveCaller, resolveCustomerCaller, storeIdOfInput } from './resolve-caller.ts';
import {
  clearCustomerCookie,
  clearSessionCookie,
  readCustomerSessionToken,
  readSessionToken,
  setCustomerCookie,
  setSessionCookie,
} from '../session-cookie.ts';

export interface CallableOptions {
  env: Env;
  db: Database;
  functions: FunctionTable;
  now: () => Date;
  storefront: FunctionContext['storefront'];
  featureFlags: FunctionContext['featureFlags'];
  /** Dashboard reads kept in memory per store (answer-cache.ts); without it every call runs its handler. */
  answers?: AnswerCache;
}

export { CALLABLE_MESSAGES } from './callable-body.ts';

type CallableRequest = FastifyRequest<{ Params: { name: string } }>;

/**
 * Firebase callable protocol (spec §7–8): `POST /fn/{name}` and, for the firebase SDK
 * with connectFunctionsEmulator, `POST /{projectId}/{region}/{name}`. Errors go to the app's
 * error handler, which answers `{error:{status,message,details}}` (JSON or SSE).
 */
export async function callableRoutes(app: FastifyInstance, options: CallableOptions): Promise<void> {
  // The body is read raw so that the Content-Type and the `{data}` shape answer our messages.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // A call the kept-read lane read but did not answer arrives with its body already read: parse that.
  app.addHook('preParsing', (request, _reply, payload, done) => done(null, replayedBody(request) ?? payload));

  const handle = async (name: string, request: FastifyRequest, reply: FastifyReply) => {
    const data = readCallableData(request.headers['content-type'], request.body);
    const entry = options.functions.get(name);
    if (!entry) throw new AppError('not-found');
    assertSafeInputText(data);
    assertTrustedOrigin(request.headers, options.env, entry.contract.name);
    // A read the endpoint may answer from memory reads only its store's key with the session.
    const { answers } = options;
    const kept = answers && !wantsEventStream(request) ? KEPT_ANSWERS.get(name) : undefined;
    // A customer is always a customer OF the store the input names (members area).
    const caller =
      entry.contract.access === 'customer'
        ? await resolveCustomerCaller(request, { db: options.db, now: options.now }, storeIdOfInput(data))
        : await resolveCaller(request, { db: options.db, now: options.now }, data, kept ? 'key' : 'row');
    assertAccess(entry.contract.access, caller);
    const input = parseInput(entry.contract, data);
    let log: FunctionContext['log'] | undefined;
    const ctx: FunctionContext = {
      db: options.db,
      env: options.env,
      // Made on first use: most calls log nothing, and a child logger per call showed in the profile.
      get log() {
        return (log ??= request.log.child({ fn: entry.contract.name }));
      },
      request: { id: request.id, ip: request.ip, headers: request.headers },
      caller,
      now: options.now,
      tokens: {
        session: () => readSessionToken(request.headers),
        customer: (storeId) => readCustomerSessionToken(request.headers, storeId),
      },
      storefront: options.storefront,
      featureFlags: options.featureFlags,
      reply: {
        setSessionCookie: (token, expiresAt) => setSessionCookie(reply, options.env, token, expiresAt, options.now()),
        clearSessionCookie: () => clearSessionCookie(reply, options.env),
        setCustomerCookie: (storeId, token, expiresAt) => setCustomerCookie(reply, options.env, storeId, token, expiresAt, options.now()),
        clearCustomerCookie: (storeId) => clearCustomerCookie(reply, options.env, storeId),
      },
    };
    const run = async () => {
      const output = await entry.handler(input, ctx);
      if (options.env.checkFunctionOutput) assertOutput(entry.contract, output, ctx);
      return output;
    };
    if (!answers || caller?.kind !== 'creator') return sendResult(request, reply, await run());
    if (kept) return answerKept(request, reply, { spec: kept, name, answers, input: input as { storeId: string } }, ctx, run);
    if (!mayWrite(name)) return sendResult(request, reply, await run());
    let output: unknown;
    try {
      output = await run();
    } finally {
      // Before the answer leaves: the creator's next read here sees what this call changed.
      answers.dropCreator(caller.userId);
    }
    return sendResult(request, reply, output);
  };

  // Static routes win over `/fn/:name`, so only these functions take the larger body.
  for (const [name, bodyLimit] of Object.entries(LARGE_BODY_LIMITS)) {
    app.post(`/fn/${name}`, { bodyLimit }, (request, reply) => handle(name, request, reply));
  }
  app.post('/fn/:name', (request: CallableRequest, reply) => handle(request.params.name, request, reply));
  app.post('/:projectId/:region/:name', (request: CallableRequest, reply) => handle(request.params.name, request, reply));
}

/**
 * Functions whose input may exceed the app's body limit (BODY_LIMIT_BYTES, 1 MiB by default): the
 * contact import's CSV of up to `importBytesMax` bytes, which JSON escaping (quotes, line breaks)
 * can at most double. Their contracts still refuse a CSV over `importBytesMax`; every other
 * function keeps the app's limit, as do these on the Firebase SDK's path.
 */
export const LARGE_BODY_LIMITS: Readonly<Record<string, number>> = Object.freeze({
  previewContactImport: 2 * EMAIL_LIMITS.importBytesMax + 64 * 1024,
  importContacts: 2 * EMAIL_LIMITS.importBytesMax + 64 * 1024,
});

/** With CHECK_FUNCTION_OUTPUT (on outside production) a handler that breaks its own contract fails loudly (logged `internal`). */
function assertOutput(contract: FunctionContract, output: unknown, ctx: FunctionContext): void {
  const parsed = contract.output.safeParse(output);
  if (parsed.success) return;
  ctx.log.error({ issues: parsed.error.issues }, CALLABLE_MESSAGES.outputMismatch);
  throw new Error(`${CALLABLE_MESSAGES.outputMismatch} (${contract.name})`);
}
