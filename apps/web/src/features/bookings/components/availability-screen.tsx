import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { toast } from '#src/lib/toast.ts';
import { useAvailability, useSetAvailability } from '../api/availability-api.ts';
import { AvailabilityCard } from './availability-card.tsx';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CalendarSourcesCard } from './calendar-sources-card.tsx';
import { HolidaysCard } from './holidays-card.tsx';
import { OverridesCard } from './overrides-card.tsx';
import { WeeklyHoursEditor } from './weekly-hours-editor.tsx';

/**
 * Bookings › Availability: the hours every call product of the store shares — zone and weekly
 * hours, date overrides, holidays, busy times from the creator's own calendars — and the private
 * calendar feed of the bookings.
 */
export function AvailabilityScreen({ storeId }: { storeId: string }) {
  return (
    <div className="space-y-6">
      <WeeklyHoursCard storeId={storeId} />
      <OverridesCard storeId={storeId} />
      <HolidaysCard storeId={storeId} />
      <CalendarSourcesCard storeId={storeId} />
      <CalendarFeedCard storeId={storeId} />
    </div>
  );
}

function WeeklyHoursCard({ storeId }: { storeId: string }) {
  const availability = useAvailability(storeId);
  const save = useSetAvailability(storeId);
  return (
    <AvailabilityCard title="Weekly hours" description="When buyers can book your calls, shared by every call you sell: one time is never sold twice.">
      {availability.isPending ? (
        <Spinner label="Loading your hours" />
      ) : availability.isError ? (
        <LoadError title="Your hours could not load" error={availability.error} onRetry={() => void availability.refetch()} />
      ) : (
        <>
          {availability.data.configured ? null : <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">Every day is closed until you save your hours: calls cannot be booked or published before.</p>}
          <WeeklyHoursEditor
            key={availability.dataUpdatedAt}
            timeZone={availability.data.timeZone}
            weeklyHours={availability.data.weeklyHours}
            onSave={async (value) => {
              await save.mutateAsync(value);
              toast.success('Hours saved.');
            }}
          />
        </>
      )}
    </AvailabilityCard>
  );
}
