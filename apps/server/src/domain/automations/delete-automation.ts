import { AppError, AUTOMATION_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { automations } from '#src/db/schema/index.ts';
import { getAutomationOfStore } from './automation-query.ts';

/**
 * Deletes a draft or paused automation; a live one is refused so a creator never cuts off sends
 * in flight by accident. Its runs, step records, content versions and attributed orders go with it
 * (foreign keys cascade), so its queued step jobs find no run and end without sending. The hidden
 * campaign rows of its emails stay: their recipients keep the store's complaint rate honest and
 * the unsubscribe links of mail already sent keep working.
 */
export async function deleteAutomation(db: Database, options: { storeId: string; automationId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked: a concurrent "go live" either commits first (then this refuses) or waits and finds nothing.
    const current = await getAutomationOfStore(tx, {
      storeId: options.storeId,
      automationId: options.automationId,
      lock: true,
    });
    if (current.status === 'live') throw new AppError('failed-precondition', AUTOMATION_MESSAGES.deleteLive);
    await tx.delete(automations).where(eq(automations.id, current.id));
  });
}
