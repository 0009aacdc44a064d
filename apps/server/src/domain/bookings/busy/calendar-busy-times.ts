// Exports loadCalendarBusy: the store's imported busy ranges as busy time for the slot rules.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { calendarBusyTimes } from '#src/db/schema/index.ts';
import type { BusyTime } from '../available-slots.ts';

const DAY = 86_400_000;

/** Imported busy ranges of every calendar of the store from two days before `from` to two days after `to`, as loadBusyTimes reads bookings. */
export async function loadCalendarBusy(db: Executor, options: { storeId: string; from: Date; to: Date }): Promise<BusyTime[]> {
  const rows = await db
    .select({ from: calendarBusyTimes.startsAt, until: calendarBusyTimes.endsAt })
    .from(calendarBusyTimes)
    .where(
      and(
        eq(calendarBusyTimes.storeId, options.storeId),
        gt(calendarBusyTimes.endsAt, new Date(options.from.getTime() - 2 * DAY)),
        lt(calendarBusyTimes.startsAt, new Date(options.to.getTime() + 2 * DAY)),
      ),
    );
  return rows;
}
