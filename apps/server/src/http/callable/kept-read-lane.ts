import { encodeResult } from '@shopfront/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { assertAccess } from '#src/functions/assert-access.ts';
import type { FunctionTable } from '#src/functions/index.ts';
import { KEPT_ANSWERS } from '#src/functions/kept-answers.ts';
import type { FunctionContext } from '#src/functions/types.ts';
import { findKeptReadSession } from '#src/identity/kept-read-session.ts';
import { findPlatformSession } from '#src/identity/sessions.ts';
import { pickEncoding } from '#src/storefront/negotiate.ts';
import { COMPRESS_MIN_BYTES } from '../compress-answers.ts';
import { assertTrustedOrigin } from '../origin-check.ts';
import { readSessionToken } from '../session-cookie.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { KeptAnswer } from './answer-store.ts';
import { isJsonMediaType, parseInput, readCallableData } from './callable-body.ts';
import { keptAnswerKey } from './kept-answer-reply.ts';
import { assertSafeInputText } from './input-text-guard.ts';
import { creatorCaller, wellFormedStoreIdOf } from './resolve-caller.ts';

type FunctionEntry = NonNullable<ReturnType<FunctionTable['get']>>;
type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;
/** What the lane sends: JSON bytes, with their brotli and gzip forms when the endpoint would compress them. */
type LaneAnswer = Pick<KeptAnswer, 'json' | 'br' | 'gzip'>;

/** Every dashboard page asks who is signed in: its answer is the session's own row. */
const CURRENT_USER = 'getCurrentUser';

/** A kept read's body is a store id and a few filters: anything longer goes to Fastify unread. */
const BODY_MAX_BYTES = 4096;
/** The body the lane read from a request it then handed to Fastify (callable.ts's preParsing hook replays it). */
const READ_BODY = Symbol('kept-read-lane body');

/**
 * Dashboard reads answered without Fastify (decision 040): a creator's `POST /fn/<kept read>` whose
 * answer is kept and current, and `getCurrentUser`, are answered on the raw Node request, after the
 * checks the endpoint makes, with its own functions (the body's shape, its text, the Origin, the
 * contract's input; callable.ts), as the storefront's fast path answers cached pages. A kept read's
 * session, its owner and its counters' versions come from one key-only statement
 * (identity/kept-read-session.ts); getCurrentUser's from the endpoint's, with `assertAccess`. Fastify's request, reply, hooks and logger per call were most of what such a call cost
 * the server beside its one query, and most of the garbage it left (docs/selling.md "At 100,000
 * orders"). Everything else — a miss, any refusal, a disabled account, an SSE or cross-origin
 * caller, a body over 4 KB or without a length — goes to Fastify, with the body the lane read
 * replayed (`replayedBody`), and answers exactly as before; hits are not access-logged.
 */
export function createKeptReadLane(options: {
  env: Env;
  db: Database;
  now: () => Date;
  functions: FunctionTable;
  answers: AnswerCache;
  /** The security headers every answer carries (security-headers.ts), as a flat list. */
  securityHeaders: readonly string[];
}) {
  const { env, db, now, functions, answers } = options;
  const paths = new Map([...KEPT_ANSWERS.keys(), CURRENT_USER].map((name) => [`/fn/${name}`, name]));
  const corsOrigins = new Set(env.corsOrigins);
  let answered = 0;

  /** The function a request may be answered for, judged by its line and headers alone; null: Fastify's. */
  function nameOf(request: IncomingMessage): string | null {
    if (request.method !== 'POST') return null;
    const name = paths.get(request.url ?? '');
    if (!name) return null;
    const { headers } = request;
    const length = Number(headers['content-length']);
    if (!(length > 0 && length <= BODY_MAX_BYTES) || headers['transfer-encoding'] !== undefined) return null;
    if (!isJsonMediaType(headers['content-type']) || (headers.accept ?? '').includes('text/event-stream')) return null;
    if (headers.origin !== undefined && !corsOrigins.has(headers.origin)) return null;
    return name;
  }

  /**
   * The answer this call may have, after every check the endpoint makes: a current kept answer, or
   * the signed-in creator from the session's row; undefined on any refusal or miss.
   */
  async function answerFor(name: string, request: IncomingMessage, body: Buffer): Promise<LaneAnswer | undefined> {
    const entry = functions.get(name);
    if (!entry) return undefined;
    const data = readCallableData(request.headers['content-type'], body);
    assertSafeInputText(data);
    assertTrustedOrigin(request.headers, env, name);
    const token = readSessionToken(request.headers);
    if (!token) return undefined;
    return name === CURRENT_USER ? currentUserAnswer(entry, token, data) : keptAnswer(name, entry, token, data);
  }

  /** A kept read's current answer, for a store the caller owns: a creator call, which any signed-in creator passes (assertAccess). */
  async function keptAnswer(name: string, entry: FunctionEntry, token: string, data: unknown): Promise<LaneAnswer | undefined> {
    const spec = KEPT_ANSWERS.get(name);
    const storeId = wellFormedStoreIdOf(data);
    // An admin read would need the MFA state, which the kept-read statement does not read.
    if (!spec || !storeId || entry.contract.access !== 'creator') return undefined;
    const at = now();
    const session = await findKeptReadSession(db, token, at, storeId);
    // The endpoint refuses a disabled account (revoking its sessions) and answers "not found" for someone else's store.
    if (!session?.isActive || !session.ownedStore) return undefined;
    const input = parseInput(entry.contract, data) as { storeId: string };
    if (input.storeId !== storeId) return undefined;
    const filed = keptAnswerKey(spec, name, input, session.ownedStore, session.countersVersion, at);
    return filed ? answers.peek(filed.key, filed.version) : undefined;
  }

  /** getCurrentUser's answer is the session's user: small, so sent as it is (compress-answers.ts); a bigger one goes to Fastify. */
  async function currentUserAnswer(entry: FunctionEntry, token: string, data: unknown): Promise<LaneAnswer | undefined> {
    const session = await findPlatformSession(db, token, now());
    // A disabled account is refused, and its sessions revoked, by the endpoint.
    if (!session || !session.user.isActive) return undefined;
    const caller = creatorCaller(session, null);
    assertAccess(entry.contract.access, caller);
    const input = parseInput(entry.contract, data);
    const output = await entry.handler(input as never, { db, caller } as FunctionContext);
    if (env.checkFunctionOutput && !entry.contract.output.safeParse(output).success) return undefined;
    const json = Buffer.from(JSON.stringify(encodeResult(output)));
    return json.length < COMPRESS_MIN_BYTES ? { json } : undefined;
  }

  function send(request: IncomingMessage, response: ServerResponse, answer: LaneAnswer): void {
    const head = [...options.securityHeaders, 'vary', 'Origin', 'access-control-allow-credentials', 'true'];
    if (request.headers.origin !== undefined) head.push('access-control-allow-origin', request.headers.origin);
    head.push('cache-control', 'no-store', 'content-type', 'application/json; charset=utf-8');
    let bytes: Buffer = answer.json;
    const { br, gzip } = answer;
    if (br && gzip) {
      head[head.indexOf('vary') + 1] = 'Origin, Accept-Encoding';
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') {
        head.push('content-encoding', encoding);
        bytes = encoding === 'br' ? br : gzip;
      }
    }
    head.push('content-length', String(bytes.length));
    response.writeHead(200, head);
    response.end(bytes);
    answered += 1;
  }

  async function handle(name: string, request: IncomingMessage, response: ServerResponse, fastify: { server: Server; listeners: RequestListener[] }): Promise<void> {
    const body = await readBody(request);
    let answer: LaneAnswer | undefined;
    try {
      answer = await answerFor(name, request, body);
    } catch {
      answer = undefined; // the endpoint answers the refusal, with its message
    }
    if (answer) return send(request, response, answer);
    (request as IncomingMessage & { [READ_BODY]?: Buffer })[READ_BODY] = body;
    for (const listener of fastify.listeners) listener.call(fastify.server, request, response);
  }

  return {
    /** How many calls were answered here (tests and the bench tell the lane from the endpoint by it). */
    answered: () => answered,
    /** Puts the lane in front of the server's request listeners (Fastify's, and the storefront's fast path). */
    install(server: Server): void {
      const fastify = server.listeners('request') as RequestListener[];
      server.removeAllListeners('request');
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        const name = nameOf(request);
        if (!name) {
          for (const listener of fastify) listener.call(server, request, response);
          return;
        }
        handle(name, request, response, { server, listeners: fastify }).catch(() => {
          // Reading the body failed (the client went away): nothing to answer.
          if (!response.headersSent) response.destroy();
        });
      });
    },
  };
}

/**
 * A request's whole body, read by its events: an async iterator per request was a seventh of what
 * a call on the lane allocated (docs/selling.md "At 100,000 orders"). Rejects when the request
 * closes before its end (the client went away).
 */
function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('close', () => {
      if (!request.complete) reject(new Error('request closed before its end'));
    });
  });
}

/** For Fastify's preParsing hook: the body the lane already read from this request, as a stream to parse again. */
export function replayedBody(request: FastifyRequest): Readable | undefined {
  const body = (request.raw as IncomingMessage & { [READ_BODY]?: Buffer })[READ_BODY];
  return body === undefined ? undefined : Readable.from([body]);
}

export type KeptReadLane = ReturnType<typeof createKeptReadLane>;
