import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaignRecipients } from '#src/db/schema/index.ts';

/** Rows marked together at most, and how long a mark may wait for company. */
const GROUP_MAX = 32;
const GROUP_WAIT_MS = 3;

/**
 * Marks recipient rows `sent` right after the provider accepted them, a few rows per statement:
 * one UPDATE (and one commit) per few milliseconds instead of one per message, which is most of
 * what the database would otherwise spend on a campaign. `mark` resolves once its row's write
 * committed. A crash loses only marks still waiting (at most a few milliseconds' worth); those
 * rows are sent again after their lease with the same Message-ID (decision 025).
 *
 * A row of a campaign stopped meanwhile (`cancelled`) is still marked: its message went out.
 */
export function createSentMarker(db: Database, now: () => Date) {
  let waiting: { id: string; providerMessageId: string | null; done: () => void; fail: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const group = waiting;
    waiting = [];
    if (group.length === 0) return;
    const rows = JSON.stringify(group.map((entry) => ({ id: entry.id, provider_message_id: entry.providerMessageId })));
    db.execute(sql`
      update ${emailCampaignRecipients} r set
        status = 'sent', sent_at = ${now()}, provider_message_id = v.provider_message_id, locked_until = null, last_error = null
      from jsonb_to_recordset(${rows}::jsonb) as v(id text, provider_message_id text)
      where r.id = v.id and r.status in ('pending', 'cancelled')`)
      .then(() => group.forEach((entry) => entry.done()))
      .catch((error: unknown) => group.forEach((entry) => entry.fail(error)));
  };

  return {
    mark(id: string, providerMessageId: string | null): Promise<void> {
      return new Promise<void>((done, fail) => {
        waiting.push({ id, providerMessageId, done, fail });
        if (waiting.length >= GROUP_MAX) flush();
        else timer ??= setTimeout(flush, GROUP_WAIT_MS);
      });
    },
  };
}
