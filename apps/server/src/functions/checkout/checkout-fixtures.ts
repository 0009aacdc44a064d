import type { LightMyRequestResponse } from 'fastify';

/** A failed reply as checkout tests compare it: the HTTP status beside the wire code and message. */
export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = response.json() as { error?: { status: string; message: string } };
  return { status: response.statusCode, code: body.error?.status ?? '', message: body.error?.message ?? '' };
}
