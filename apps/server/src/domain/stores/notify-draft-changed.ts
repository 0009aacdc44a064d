import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';

/** The channel the live preview LISTENs on, so it works across tabs and across servers. */
export const STORE_DRAFT_CHANGED_CHANNEL = 'store_draft_changed';

/** Delivered on commit, so a preview never shows a save that was rolled back. */
export async function notifyDraftChanged(db: Executor, storeId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${STORE_DRAFT_CHANGED_CHANNEL}, ${storeId})`);
}
