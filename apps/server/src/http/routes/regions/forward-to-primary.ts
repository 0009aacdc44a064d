import replyFrom from '@fastify/reply-from';
import { AppError, MIRRORED_READ_FUNCTIONS } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import { sendError } from '#src/http/callable/callable-reply.ts';

const MIRRORED = new Set<string>(MIRRORED_READ_FUNCTIONS);
/** One region's server waits this long for the primary before answering 503 (spec §9 allows 70 s per call). */
const FORWARD_TIMEOUT_MS = 65_000;

/**
 * On a secondary region's server (docs/regions.md, decision 033): every function call except the
 * mirrored visitor reads is forwarded, as it came, to the primary region's server, which writes to
 * its database and answers; the reply (status, body, cookies) goes back unchanged. One round trip
 * to the primary per call, instead of one per query, and the browser needs to know nothing.
 * The client address travels as X-Forwarded-For; the primary believes it when TRUST_PROXY names
 * this server.
 */
export async function forwardToPrimaryRoutes(app: FastifyInstance, options: { primaryUrl: string }): Promise<void> {
  await app.register(replyFrom, {
    base: options.primaryUrl,
    undici: { headersTimeout: FORWARD_TIMEOUT_MS, bodyTimeout: FORWARD_TIMEOUT_MS },
  });
  // preValidation on the root: after the JSON body is read (it is sent on as read), before any of the
  // callable's own checks, so the primary sees the request as the browser sent it.
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'GET') return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/fn/')) return;
    if (MIRRORED.has(path.slice('/fn/'.length))) return;
    const body = request.body;
    return reply.from(request.url, {
      // The callable reads bodies as bytes: they go on byte for byte, with their own content type.
      ...(Buffer.isBuffer(body) ? { body, contentType: request.headers['content-type'] ?? 'application/json' } : {}),
      rewriteRequestHeaders: (_original, headers) => ({
        ...headers,
        'x-forwarded-for': [headers['x-forwarded-for'], request.ip].filter(Boolean).join(', '),
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': request.protocol,
      }),
      onError: (forwardReply, { error }) => {
        request.log.warn({ err: error }, 'the primary region did not answer a forwarded call');
        return sendError(request, forwardReply as unknown as typeof reply, new AppError('unavailable'), 503);
      },
    });
  });
}
