import { newId } from '#src/db/ids.ts';
import { downloadEvents } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

/** One served download: the count on the sales page. */
export async function recordDownload(db: Executor, event: { orderId: string; fileId: string; storeId: string; now: Date }): Promise<void> {
  await db.insert(downloadEvents).values({ id: newId('dl'), orderId: event.orderId, fileId: event.fileId, storeId: event.storeId, createdAt: event.now });
}
