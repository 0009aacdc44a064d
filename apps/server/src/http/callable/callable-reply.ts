import { encodeError, encodeResult, type AppError } from '@shopfront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validateHeaderName, validateHeaderValue } from 'node:http';

/**
 * The firebase SDK's `stream()` asks for `text/event-stream` and waits forever on a plain JSON
 * body (STACK.md), so such a request always gets one SSE event: `data: {"result"|"error":…}`.
 */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

export function sendResult(request: FastifyRequest, reply: FastifyReply, result: unknown): FastifyReply {
  return send(request, reply, 200, encodeResult(result));
}

/** Always `error.status`: several codes share one HTTP status (spec §8). */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError, httpStatus: number): FastifyReply {
  const retryAfter = retryAfterSeconds(error);
  if (httpStatus === 429 && retryAfter !== null) reply.header('retry-after', String(retryAfter));
  return send(request, reply, httpStatus, encodeError(error));
}

/** A throttle's refusal carries `details.retryAfterSeconds`; it becomes the `Retry-After` header. */
function retryAfterSeconds(error: AppError): number | null {
  const details = error.details as { retryAfterSeconds?: unknown } | null | undefined;
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: object): FastifyReply {
  reply.code(status).header('cache-control', 'no-store');
  if (wantsEventStream(request)) {
    return reply.type('text/event-stream; charset=utf-8').send(`data: ${JSON.stringify(body)}\n\n`);
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * After Node refused to write a header, the error reply must not carry it again (Fastify would
 * then answer its own raw 500): every header Node would refuse is removed.
 */
export function dropInvalidHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    try {
      validateHeaderName(name);
      for (const one of Array.isArray(value) ? value : [value]) validateHeaderValue(name, String(one));
    } catch {
      reply.removeHeader(name);
    }
  }
}
