import { MeetingLinkSchema, type CreatorBooking } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetMeetingLink } from '../api/bookings-api.ts';

/** Whether the creator can still make or change this booking's own meeting link. */
export function takesMeetingLink(booking: CreatorBooking, now: number): boolean {
  return booking.location.kind === 'per-booking-link' && booking.status === 'confirmed' && Date.parse(booking.endsAt) > now;
}

/**
 * The meeting link of a call whose link is made per booking: the buyer gets an updated calendar
 * invite with it, and sees it in the members area from 15 minutes before the start.
 */
export function MeetingLinkForm({ storeId, booking, onSaved }: { storeId: string; booking: CreatorBooking; onSaved?: () => void }) {
  const id = useId();
  const saved = booking.location.value ?? '';
  const [url, setUrl] = useState(saved);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSetMeetingLink(storeId);
  const error = invalid ?? (save.isError ? errorMessage(save.error) : null);
  const submit = () => {
    const checked = MeetingLinkSchema.safeParse(url);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? 'Enter an https:// link.');
    setInvalid(null);
    save.mutate(
      { bookingId: booking.id, url: checked.data },
      {
        onSuccess: () => {
          toast.success(saved ? 'Link changed. The buyer gets the updated invite.' : 'Link saved. The buyer gets it by email with an updated invite.');
          onSaved?.();
        },
      },
    );
  };
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
            Meeting link
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://meet.example.com/your-call"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setInvalid(null);
              save.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={save.isPending || url.trim() === saved} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : saved ? 'Change link' : 'Save link'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {saved ? 'The buyer has this link. Changing it sends them an updated invite.' : 'No link yet: the buyer was told it will follow by email.'}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
