import { encodeError, encodeResult, isAppError, SESSION_BOOT_ELEMENT_ID } from '@shopfront/core';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { toUser } from '#src/domain/auth/to-user.ts';
import { resolveCaller } from '#src/http/callable/resolve-caller.ts';
import { readSessionCookie } from '#src/http/session-cookie.ts';

/**
 * The element a dashboard document carries when it comes with a session cookie: exactly the wire
 * body `getCurrentUser` would answer for that cookie (`{"result": user}`, `{"result": null}` for an
 * unknown or expired session, `{"error": …}` for a disabled account), so a phone starts the first
 * screen without waiting a round trip for that call. Empty without a cookie, and when the database
 * cannot answer: the app then asks `getCurrentUser` itself, as before. `<` is escaped so no text in
 * the answer can close the element.
 */
export async function sessionBootElement(request: FastifyRequest, deps: { db: Database; now: () => Date }): Promise<string> {
  if (!readSessionCookie(request.headers)) return '';
  let wire: object;
  try {
    const caller = await resolveCaller(request, deps);
    wire = encodeResult(caller?.kind === 'creator' ? toUser(caller.user) : null);
  } catch (error) {
    if (!isAppError(error)) {
      request.log.warn({ err: error }, 'session for the dashboard document not read');
      return '';
    }
    wire = encodeError(error);
  }
  const json = JSON.stringify(wire).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_BOOT_ELEMENT_ID}">${json}</script>`;
}
