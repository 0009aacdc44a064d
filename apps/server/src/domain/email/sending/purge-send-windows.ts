import { lt } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailSendWindows } from '#src/db/schema/index.ts';

/** Forgets rate-limit windows older than a minute (each only ever mattered for its own second). */
export async function purgeSendWindows(db: Executor, now: Date): Promise<void> {
  await db.delete(emailSendWindows).where(lt(emailSendWindows.windowStart, new Date(now.getTime() - 60_000)));
}
