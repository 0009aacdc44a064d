import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeEmailSettings } from '#src/db/schema/index.ts';
import { provisionSmtp2go, type ProvisionSmtp2goOptions } from './provision-smtp2go.ts';

/**
 * Turns email on for a store (already ownership-checked): records when, then with the smtp2go
 * provider makes the store's sub-account and webhook. Calling it again only repairs what is
 * missing. With the outbox or SMTP there is nothing to create.
 */
export async function enableStoreEmail(db: Database, options: ProvisionSmtp2goOptions): Promise<void> {
  await db.insert(storeEmailSettings).values({ storeId: options.storeId, enabledAt: options.now }).onConflictDoNothing();
  await db
    .update(storeEmailSettings)
    .set({ enabledAt: sql`coalesce(${storeEmailSettings.enabledAt}, ${options.now})` })
    .where(eq(storeEmailSettings.storeId, options.storeId));
  await provisionSmtp2go(db, options);
}
