// Exports automationsOnTagsAdded: the tag-added trigger of a creator's tag edit.
import type { Executor } from '#src/db/executor.ts';
import { startRuns } from './start-runs.ts';

/**
 * Starts the `tag-added` automations for each tag in `after` that was not in `before` (any case),
 * in one transaction: the event is the tag's addition at `now`, so the same save replayed starts
 * nothing new, while a tag removed and added again later starts its automations again.
 */
export async function automationsOnTagsAdded(
  db: Executor,
  options: { storeId: string; customerId: string; before: readonly string[]; after: readonly string[]; now: Date },
): Promise<void> {
  const had = new Set(options.before.map((tag) => tag.toLowerCase()));
  const added = options.after.filter((tag) => !had.has(tag.toLowerCase()));
  if (added.length === 0) return;
  await db.transaction(async (tx) => {
    for (const tag of added) {
      await startRuns(tx, { storeId: options.storeId, customerId: options.customerId, kind: 'tag-added', key: `tag:${tag.toLowerCase()}:${options.now.getTime()}`, tag });
    }
  });
}
