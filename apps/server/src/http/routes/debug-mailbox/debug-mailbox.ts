import { AppError } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { campaignHeaders, findCampaignMailbox, listMailboxCampaigns } from './debug-mailbox-campaigns.ts';
import { renderMailboxPage } from './debug-mailbox-page.ts';
import { CampaignIdSchema, findMailboxMessages, getMailboxAttachment, getMailboxMessage, MailboxQuerySchema, type MailboxQuery } from './debug-mailbox-store.ts';

/**
 * A stored message's HTML is shown as an email client would: no script, no plugins, no forms,
 * nothing fetched but images; `sandbox` gives it a unique origin, so it cannot read this one.
 */
export const MESSAGE_HTML_CSP =
  "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data: https:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/**
 * The dev mailbox (spec §1 gives /debug to dashboard mode). Registered only
 * outside production (app.ts), so there these paths fall through to the SPA like any other.
 */
export async function debugMailboxRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;

  app.get('/debug/mailbox.json', async (request, reply) => {
    const messages = await findMailboxMessages(db, parseQuery(request));
    return noStore(reply).type('application/json; charset=utf-8').send(JSON.stringify(messages));
  });

  app.get('/debug/mailbox', async (request, reply) => {
    const query = parseQuery(request);
    const html = noStore(reply).type('text/html; charset=utf-8');
    if (query.campaign !== undefined) {
      // The campaign view: its counts and each message's unsubscribe and Message-ID headers.
      const [{ campaign, messages }, campaigns] = await Promise.all([findCampaignMailbox(db, query.campaign, query.limit), listMailboxCampaigns(db)]);
      return html.send(renderMailboxPage(messages, {}, { campaigns, campaign: { id: query.campaign, summary: campaign } }));
    }
    const [messages, campaigns] = await Promise.all([findMailboxMessages(db, query), listMailboxCampaigns(db)]);
    // A message sent with any of the campaign headers shows them; other mail shows none.
    const shown = messages.map(({ headers, ...message }) => {
      const campaign = campaignHeaders(headers);
      return Object.values(campaign).some((value) => value !== null) ? { ...message, headers: campaign } : message;
    });
    return html.send(renderMailboxPage(shown, { to: query.to }, { campaigns }));
  });

  /** Campaigns in the outbox, newest first: id, distinct recipients, messages, last message time. */
  app.get('/debug/mailbox/campaigns.json', async (_request, reply) => {
    return noStore(reply).type('application/json; charset=utf-8').send(JSON.stringify(await listMailboxCampaigns(db)));
  });

  /** One campaign: its counts over all its messages, and its newest messages with their headers. */
  app.get<{ Params: { file: string } }>('/debug/mailbox/campaigns/:file', async (request, reply) => {
    const parsed = CampaignIdSchema.safeParse(/^(.+)\.json$/.exec(request.params.file)?.[1]);
    if (!parsed.success) throw new AppError('not-found', 'No such campaign in the mailbox.');
    const { limit } = parseQuery(request);
    const { campaign, messages } = await findCampaignMailbox(db, parsed.data, limit);
    if (!campaign) throw new AppError('not-found', 'No such campaign in the mailbox.');
    return noStore(reply).type('application/json; charset=utf-8').send(JSON.stringify({ ...campaign, messages }));
  });

  await attachmentRoute(app, db);

  app.get<{ Params: { file: string } }>('/debug/mailbox/:file', async (request, reply) => {
    const id = /^(.+)\.html$/.exec(request.params.file)?.[1];
    const message = id ? await getMailboxMessage(db, id) : null;
    if (!message) throw new AppError('not-found', 'No such message in the mailbox.');
    return noStore(reply)
      .header('content-security-policy', MESSAGE_HTML_CSP)
      .type('text/html; charset=utf-8')
      .send(message.html);
  });
}

/** An attachment is only ever downloaded, never rendered as a page of this origin. */
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

/** Serves attachment `index` of message `id` as a download, with the type it was sent with. */
async function attachmentRoute(app: FastifyInstance, db: Database): Promise<void> {
  app.get<{ Params: { file: string; index: string } }>('/debug/mailbox/:file/attachments/:index', async (request, reply) => {
    const index = /^\d{1,3}$/.test(request.params.index) ? Number(request.params.index) : -1;
    const file = index >= 0 ? await getMailboxAttachment(db, request.params.file, index) : null;
    if (!file) throw new AppError('not-found', 'No such attachment in the mailbox.');
    const name = file.filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'attachment';
    return noStore(reply)
      .header('content-security-policy', ATTACHMENT_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type(`${file.contentType}; charset=utf-8`)
      .send(file.content);
  });
}

function parseQuery(request: FastifyRequest): MailboxQuery {
  const parsed = MailboxQuerySchema.safeParse(request.query);
  if (!parsed.success) {
    throw new AppError('invalid-argument', `Invalid mailbox query: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}.`);
  }
  return parsed.data;
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.code(200).header('cache-control', 'no-store');
}
