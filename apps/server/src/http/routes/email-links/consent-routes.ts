import { membersUrl, storefrontUrl } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { confirmMarketingConsent, type ConsentLink } from '#src/domain/email/consent/confirm-marketing-consent.ts';
import { verifyConsentToken } from '#src/domain/email/consent/consent-token.ts';
import type { Env } from '#src/env.ts';
import { renderConsentPage, type ConsentView } from './consent-page.ts';
import { LINK_PAGE_HEADERS } from './link-page.ts';

export interface ConsentRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

type TokenRequest = { Params: { token: string } };

/**
 * The consent confirmation link (docs/email.md "Withdrawn consent"), signed per store and customer:
 *   GET  /e/confirm/:token — a page with the store's name and one button; changes nothing (link
 *                            scanners fetch GETs);
 *   POST /e/confirm/:token — opts back in (consent on, withdrawal cleared, unsubscribe lifted);
 *                            idempotent.
 * A bad, tampered or foreign token answers 404; an expired link, or one sent before the customer
 * unsubscribed again, 410. Neither changes anything.
 */
export async function consentRoutes(app: FastifyInstance, options: ConsentRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  // The page's form posts form-encoded; the body is not needed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, null));

  const sendPage = (reply: FastifyReply, status: number, view: ConsentView) => {
    const page = renderConsentPage(view);
    return reply.code(status).headers(LINK_PAGE_HEADERS).header('content-security-policy', page.csp).send(page.html);
  };

  const answer = (reply: FastifyReply, token: string, link: ConsentLink | null) => {
    if (!link) return sendPage(reply, 404, { state: 'invalid' });
    const store = { slug: link.storeSlug };
    switch (link.state) {
      case 'ask':
        return sendPage(reply, 200, { state: 'ask', storeName: link.storeName, email: link.email, action: `/e/confirm/${token}` });
      case 'subscribed':
        return sendPage(reply, 200, { state: 'subscribed', storeName: link.storeName, email: link.email, storeUrl: storefrontUrl(store, { origin: env.publicUrl }) });
      case 'expired':
      case 'stale':
        return sendPage(reply, 410, { state: link.state, storeName: link.storeName, membersUrl: membersUrl(store, { origin: env.publicUrl }) });
    }
  };

  const handle = (confirm: boolean) => async (request: { params: { token: string } }, reply: FastifyReply) => {
    const claims = verifyConsentToken(env, request.params.token);
    const link = claims && (await confirmMarketingConsent(db, { claims, confirm, now: now() }));
    return answer(reply, request.params.token, link);
  };
  app.get<TokenRequest>('/e/confirm/:token', handle(false));
  app.post<TokenRequest>('/e/confirm/:token', handle(true));
}
