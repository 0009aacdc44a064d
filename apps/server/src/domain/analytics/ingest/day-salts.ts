// Exports the visitor salts of each day (readDaySalts, deleteEndedSalts, createSaltCache): one module because they are one table's life cycle.
import { randomBytes } from 'node:crypto';
import { inArray, lt } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { analyticsSalts } from '#src/db/schema/index.ts';
import { oldestLiveDay } from './visitor-hash.ts';

/**
 * The salts of the given days, each created on first use: a random 32 bytes inserted with
 * ON CONFLICT DO NOTHING, then read back, so concurrent servers agree on one salt per day.
 */
export async function readDaySalts(db: Executor, days: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(days)];
  if (unique.length === 0) return new Map();
  await db
    .insert(analyticsSalts)
    .values(unique.map((day) => ({ day, salt: randomBytes(32) })))
    .onConflictDoNothing();
  const rows = await db.select({ day: analyticsSalts.day, salt: analyticsSalts.salt }).from(analyticsSalts).where(inArray(analyticsSalts.day, unique));
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/** Deletes the salt of every day that has ended everywhere on Earth; answers how many. */
export async function deleteEndedSalts(db: Executor, now: Date): Promise<number> {
  const deleted = await db.delete(analyticsSalts).where(lt(analyticsSalts.day, oldestLiveDay(now))).returning({ day: analyticsSalts.day });
  return deleted.length;
}

/**
 * The flusher's salts in memory (a handful of days at most): read from the database once per day,
 * forgotten once the day has ended everywhere, like the rows.
 */
export function createSaltCache() {
  const salts = new Map<string, Buffer>();
  return {
    async saltsFor(db: Executor, days: Iterable<string>, now: Date): Promise<Map<string, Buffer>> {
      const oldest = oldestLiveDay(now);
      for (const day of salts.keys()) if (day < oldest) salts.delete(day);
      const missing = [...new Set(days)].filter((day) => !salts.has(day));
      if (missing.length > 0) for (const [day, salt] of await readDaySalts(db, missing)) salts.set(day, salt);
      return salts;
    },
  };
}
