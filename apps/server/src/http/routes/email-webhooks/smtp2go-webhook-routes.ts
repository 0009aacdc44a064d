import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import { recordEmailEvent } from '#src/domain/email/account/record-email-event.ts';
import { isSmtp2goWebhookToken } from '#src/domain/email/account/smtp2go-webhook-token.ts';
import type { Env } from '#src/env.ts';
import { smtp2goEvent } from './smtp2go-event.ts';

export interface Smtp2goWebhookRoutesOptions {
  env: Env;
  db: Database;
  now: () => Date;
}

const BODY_LIMIT = 256 * 1024;

/**
 * POST /api/webhooks/smtp2go/:storeId — a store's delivery events from its smtp2go sub-account
 * (docs/email.md). smtp2go signs nothing, so the webhook was created with the store's own bearer
 * token; a call without it is refused with 401 before anything is read or written. Each event is
 * applied once (recordEmailEvent is idempotent on the event id), so smtp2go's redeliveries are
 * harmless. Unknown stores and untracked events answer 200, so smtp2go stops retrying them.
 */
export async function smtp2goWebhookRoutes(app: FastifyInstance, options: Smtp2goWebhookRoutesOptions): Promise<void> {
  const { env, db, now } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post<{ Params: { storeId: string } }>('/api/webhooks/smtp2go/:storeId', async (request, reply) => {
    const { storeId } = request.params;
    const authorization = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!isSmtp2goWebhookToken(env, storeId, token)) {
      request.log.warn({ storeId }, 'smtp2go webhook refused: wrong or missing token');
      return reply.code(401).send({ error: 'unauthorized' });
    }
    const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
    if (!store) return reply.code(200).send({ received: true, applied: 0 });

    const payloads = parseBody(typeof request.body === 'string' ? request.body : '');
    let applied = 0;
    for (const fields of payloads) {
      const event = smtp2goEvent(storeId, fields, now());
      if (!event) continue;
      const result = await recordEmailEvent(db, { storeId, ...event, publicUrl: env.publicUrl });
      if (result.applied) applied += 1;
    }
    request.log.info({ storeId, events: payloads.length, applied }, 'smtp2go webhook');
    return reply.code(200).send({ received: true, applied });
  });
}

/** JSON (one event or a list) or form-encoded, whichever the webhook was set up with. */
function parseBody(raw: string): Array<Record<string, unknown>> {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      return list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
    } catch {
      return [];
    }
  }
  return trimmed ? [Object.fromEntries(new URLSearchParams(trimmed))] : [];
}
