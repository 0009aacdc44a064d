// Exports createDefaultCallSettings and callReadiness: what a `call` product starts with and needs to be published.
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { callSettings, storeAvailability, WEEKDAYS } from '#src/db/schema/index.ts';

/**
 * A new call's settings: 30 minutes, no buffers, 4 hours' notice, 60 days ahead, a link made per
 * booking, one session, changes up to 24 hours before with a full refund. The creator edits them.
 */
export async function createDefaultCallSettings(db: Executor, options: { productId: string; storeId: string; now: Date }): Promise<void> {
  await db
    .insert(callSettings)
    .values({ productId: options.productId, storeId: options.storeId, durationMinutes: 30, locationKind: 'per-booking-link', locationValue: null, createdAt: options.now, updatedAt: options.now })
    .onConflictDoNothing();
}

/** Whether the call has its settings, and how many weekly open periods its store has (publishIssue's `call`). */
export async function callReadiness(db: Executor, options: { productId: string; storeId: string }): Promise<{ hasSettings: boolean; weeklyPeriods: number }> {
  const [settings] = await db.select({ productId: callSettings.productId }).from(callSettings).where(eq(callSettings.productId, options.productId));
  const [hours] = await db.select({ weeklyHours: storeAvailability.weeklyHours }).from(storeAvailability).where(eq(storeAvailability.storeId, options.storeId));
  const weeklyPeriods = hours ? WEEKDAYS.reduce((sum, day) => sum + (hours.weeklyHours[day]?.length ?? 0), 0) : 0;
  return { hasSettings: settings !== undefined, weeklyPeriods };
}
