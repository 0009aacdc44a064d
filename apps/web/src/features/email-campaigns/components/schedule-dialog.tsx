import { EMAIL_MESSAGES, type EmailCampaign } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useSingleFlight } from '#src/lib/use-single-flight.ts';
import { useScheduleCampaign } from '../api/campaigns-api.ts';
import { storeTimeToIso, wallClock } from '../lib/store-time.ts';
import { ServerError } from './server-error.tsx';

interface ScheduleDialogProps {
  open: boolean;
  storeId: string;
  campaignId: string;
  timeZone: string;
  /** Who it goes to, in words ("Everyone who opted in", a segment's name). */
  audience: string;
  onClose: () => void;
  /** `sendAt` null: it was sent now. */
  onScheduled: (campaign: EmailCampaign, sendAt: string | null) => void;
  /** Injected by tests; the dialog's clock otherwise. */
  now?: () => Date;
}

/** Send now, or at a date and time on the store's clock (the zone is shown), after a confirmation. */
export function ScheduleDialog({ open, storeId, campaignId, timeZone, audience, onClose, onScheduled, now = () => new Date() }: ScheduleDialogProps) {
  const id = useId();
  const schedule = useScheduleCampaign(storeId);
  const flight = useSingleFlight();
  const sending = flight.running || schedule.isPending;
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => wallClock(new Date(now().getTime() + 60 * 60_000), timeZone));
  const [localError, setLocalError] = useState<string | null>(null);

  const close = () => {
    schedule.reset();
    setLocalError(null);
    onClose();
  };
  const confirm = () => {
    setLocalError(null);
    let sendAt: string | null = null;
    if (when === 'later') {
      sendAt = storeTimeToIso(at.date, at.time, timeZone);
      if (!sendAt) return setLocalError('Choose a date and a time');
      if (Date.parse(sendAt) <= now().getTime()) return setLocalError(EMAIL_MESSAGES.scheduleInPast);
    }
    void flight.run(async () => {
      const campaign = await schedule.mutateAsync({ campaignId, sendAt }).catch(() => null);
      if (campaign) onScheduled(campaign, sendAt);
    });
  };
  const message = localError ?? (schedule.isError ? errorMessage(schedule.error) : null);

  return (
    <Dialog open={open} onClose={close} title="Send this campaign" description={`To: ${audience}`} dismissible={!sending}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        className="space-y-4"
      >
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">When</legend>
          <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
            <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} className="size-4" />
            <span className="text-sm font-medium text-slate-900">Send now</span>
          </label>
          <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
            <input type="radio" name={`${id}-when`} checked={when === 'later'} onChange={() => setWhen('later')} className="size-4" />
            <span className="text-sm font-medium text-slate-900">Schedule for later</span>
          </label>
        </fieldset>
        {when === 'later' ? (
          <div className="space-y-2">
            <div className="grid grid-cols-2 gap-3">
              <div className="space-y-1.5">
                <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
                  Date
                </label>
                <input
                  id={`${id}-date`}
                  type="date"
                  value={at.date}
                  onChange={(event) => setAt({ ...at, date: event.target.value })}
                  className="block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base sm:text-sm"
                />
              </div>
              <div className="space-y-1.5">
                <label htmlFor={`${id}-time`} className="block text-sm font-medium text-slate-800">
                  Time
                </label>
                <input
                  id={`${id}-time`}
                  type="time"
                  value={at.time}
                  onChange={(event) => setAt({ ...at, time: event.target.value })}
                  className="block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base sm:text-sm"
                />
              </div>
            </div>
            <p className="text-sm text-slate-600">
              In your store’s time zone: <span className="font-semibold text-slate-800">{timeZone}</span>
            </p>
          </div>
        ) : null}
        {message ? <ServerError title="Not sent" message={message} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending} aria-busy={sending}>
            {sending ? (when === 'now' ? 'Sending…' : 'Scheduling…') : when === 'now' ? 'Send now' : 'Schedule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
