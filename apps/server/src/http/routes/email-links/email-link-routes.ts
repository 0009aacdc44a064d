import { EMAIL_MESSAGES } from '@shopfront/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { verifyEmailLinkToken } from '#src/domain/email/links/email-link-token.ts';
import { recordLinkEvent, type LinkRecipient } from '#src/domain/email/links/record-link-event.ts';
import { canResubscribe, resubscribeByLink } from '#src/domain/email/links/resubscribe-by-link.ts';
import { loadCampaignTemplate } from '#src/domain/email/sending/load-campaign-template.ts';
import type { Env } from '#src/env.ts';
import { renderUnsubscribePage, type UnsubscribeView } from './unsubscribe-page.ts';

export interface EmailLinkRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type TokenRequest = { Params: { token: string } };

/**
 * The public links of campaign mail (decision 025), signed per store and recipient:
 *   GET  /e/u/:token      — a page with the store's name and one Unsubscribe button. Link scanners
 *                           fetch GETs, so a GET never unsubscribes;
 *   POST /e/u/:token      — unsubscribes: the page's button and RFC 8058 one-click
 *                           (`List-Unsubscribe=One-Click`); idempotent, 200 every time;
 *   POST /e/u/:token/resubscribe — the unsubscribed page's "Resubscribe", for a day after the
 *                           unsubscribe (resubscribe-by-link.ts); later the page points to the
 *                           members area instead;
 *   GET  /e/c/:token      — records the click and redirects to link n of the stored campaign
 *                           (never a URL from the request, so it is no open redirect);
 *   GET  /e/o/:token.gif  — records the open, answers a 1×1 GIF.
 * A bad, tampered or foreign token answers 404 and changes nothing.
 */
export async function emailLinkRoutes(app: FastifyInstance, options: EmailLinkRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  // One-click POSTs come form-encoded or multipart from mail providers; the body is not needed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, null));

  const sendPage = (reply: FastifyReply, status: number, view: UnsubscribeView) => {
    const page = renderUnsubscribePage(view);
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.csp)
      .header('referrer-policy', 'no-referrer')
      .send(page.html);
  };
  const invalid = (reply: FastifyReply) => sendPage(reply, 404, { state: 'invalid', message: EMAIL_MESSAGES.unsubscribeInvalid });
  const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');

  const view = (state: 'ask' | 'done' | 'resubscribed', recipient: LinkRecipient, token: string): UnsubscribeView => ({
    state,
    storeName: recipient.storeName,
    storeUrl: recipient.storeUrl,
    membersUrl: recipient.membersUrl,
    email: recipient.email,
    action: `/e/u/${token}`,
    canResubscribe: canResubscribe(recipient, now()),
  });

  app.get<TokenRequest>('/e/u/:token', async (request, reply) => {
    const claims = verifyEmailLinkToken(env, 'u', request.params.token);
    const recipient = claims && (await recordLinkEvent(db, { claims, record: false, now: now(), publicUrl: env.publicUrl }));
    if (!recipient) return invalid(reply);
    return sendPage(reply, 200, view(recipient.unsubscribed ? 'done' : 'ask', recipient, request.params.token));
  });

  app.post<TokenRequest>('/e/u/:token', async (request, reply) => {
    const claims = verifyEmailLinkToken(env, 'u', request.params.token);
    const recipient = claims && (await recordLinkEvent(db, { claims, record: true, now: now(), publicUrl: env.publicUrl }));
    if (!recipient) return invalid(reply);
    return sendPage(reply, 200, view('done', recipient, request.params.token));
  });

  app.post<TokenRequest>('/e/u/:token/resubscribe', async (request, reply) => {
    const claims = verifyEmailLinkToken(env, 'u', request.params.token);
    const recipient = claims && (await recordLinkEvent(db, { claims, record: false, now: now(), publicUrl: env.publicUrl }));
    if (!recipient) return invalid(reply);
    const resubscribed = await resubscribeByLink(db, { recipient, now: now() });
    return sendPage(reply, 200, view(resubscribed ? 'resubscribed' : 'done', recipient, request.params.token));
  });

  app.get<TokenRequest>('/e/c/:token', async (request, reply) => {
    const claims = verifyEmailLinkToken(env, 'c', request.params.token);
    const recipient = claims && (await recordLinkEvent(db, { claims, record: false, now: now(), publicUrl: env.publicUrl }));
    if (!claims || !recipient) return notFound(reply);
    const loaded = await loadCampaignTemplate(db, { campaignId: recipient.campaignId, storeId: recipient.storeId, publicUrl: env.publicUrl });
    const target = loaded?.template.links[claims.linkIndex ?? -1];
    if (!target || !/^https?:\/\//i.test(target)) return notFound(reply);
    await recordLinkEvent(db, { claims, record: true, now: now(), publicUrl: env.publicUrl });
    return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('location', target).send();
  });

  app.get<{ Params: { file: string } }>('/e/o/:file', async (request, reply) => {
    const token = request.params.file.endsWith('.gif') ? request.params.file.slice(0, -4) : '';
    const claims = token ? verifyEmailLinkToken(env, 'o', token) : null;
    const recipient = claims && (await recordLinkEvent(db, { claims, record: true, now: now(), publicUrl: env.publicUrl }));
    if (!recipient) return notFound(reply);
    return reply.code(200).header('cache-control', 'no-store, private').type('image/gif').send(PIXEL);
  });
}
