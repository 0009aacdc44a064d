import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customers } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { issueVerificationCode } from '#src/identity/verification-codes.ts';
import { enqueueMemberAlreadyRegisteredEmail, enqueueMemberCodeEmail } from './member-emails.ts';
import { getMemberStore } from './member-store.ts';

/**
 * sendCustomerCode: a 6-digit code in the store's realm (cooldown and caps as for creators). The
 * answer never says whether an account exists: a signup for an existing account mails a
 * "you already have an account" note instead of a code, and a reset for an unknown address
 * mails nothing. The code is issued either way, so the cooldown behaves the same.
 */
export async function sendCustomerCode(options: {
  db: Database;
  env: Env;
  storeId: string;
  email: string;
  type: 'signup' | 'password-reset';
  ip: string;
  now: Date;
}): Promise<{ sent: true }> {
  const { db, env, email, type, now } = options;
  const { store, tenantId } = await getMemberStore(db, options.storeId);
  await db.transaction(async (tx) => {
    const { code } = await issueVerificationCode(tx, env, { realm: tenantId, email, purpose: type, ip: options.ip, now });
    const [existing] = await tx
      .select({ passwordHash: customers.passwordHash })
      .from(customers)
      .where(and(eq(customers.storeId, store.id), eq(customers.email, email)))
      .limit(1);
    const hasAccount = Boolean(existing?.passwordHash);
    if (type === 'signup' && hasAccount) return enqueueMemberAlreadyRegisteredEmail(tx, { env, store, email });
    if (type === 'password-reset' && !hasAccount) return;
    await enqueueMemberCodeEmail(tx, { store, email, purpose: type, code });
  });
  return { sent: true };
}
