import { AppError } from '@shopfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { renderMailboxPage } from './debug-mailbox-page.ts';
import { findMailboxMessages, getMailboxMessage, MailboxQuerySchema, type MailboxQuery } from './debug-mailbox-store.ts';

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
    const messages = await findMailboxMessages(db, query);
    return noStore(reply).type('text/html; charset=utf-8').send(renderMailboxPage(messages, { to: query.to }));
  });

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
