import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { declineAffiliateInvite } from '#src/domain/affiliates/decline-affiliate-invite.ts';
import { verifyInviteRefusalToken } from '#src/domain/affiliates/invite-refusal-token.ts';
import type { Env } from '#src/env.ts';
import { renderInviteRefusalPage, type InviteRefusalView } from './invite-refusal-page.ts';
import { LINK_PAGE_HEADERS } from './link-page.ts';

export interface InviteRefusalRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

type TokenRequest = { Params: { token: string } };

/**
 * An affiliate invitation's "No more invitations from this store" link (docs/affiliates.md),
 * signed per store and invite:
 *   GET  /e/stop-invites/:token — a page with the store's name and one button; changes nothing;
 *   POST /e/stop-invites/:token — records the refusal: the button, and RFC 8058 one-click
 *                                 (`List-Unsubscribe=One-Click`); idempotent, 200 every time.
 * A bad, tampered or foreign token answers 404 and changes nothing.
 */
export async function inviteRefusalRoutes(app: FastifyInstance, options: InviteRefusalRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  // One-click POSTs come form-encoded or multipart from mail providers; the body is not needed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, null));

  const sendPage = (reply: FastifyReply, status: number, view: InviteRefusalView) => {
    const page = renderInviteRefusalPage(view);
    return reply.code(status).headers(LINK_PAGE_HEADERS).header('content-security-policy', page.csp).send(page.html);
  };

  const handle = (decline: boolean) => async (request: { params: { token: string } }, reply: FastifyReply) => {
    const claims = verifyInviteRefusalToken(env, request.params.token);
    const refusal = claims && (await declineAffiliateInvite(db, { claims, decline, now: now() }));
    if (!refusal) return sendPage(reply, 404, { state: 'invalid' });
    if (refusal.declined) return sendPage(reply, 200, { state: 'declined', storeName: refusal.storeName, email: refusal.email });
    return sendPage(reply, 200, { state: 'ask', storeName: refusal.storeName, email: refusal.email, action: `/e/stop-invites/${request.params.token}` });
  };
  app.get<TokenRequest>('/e/stop-invites/:token', handle(false));
  app.post<TokenRequest>('/e/stop-invites/:token', handle(true));
}
