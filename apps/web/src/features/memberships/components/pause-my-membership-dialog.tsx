import { MEMBERSHIP_LIMITS, type MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { usePauseMyMembership } from '../api/my-memberships-api.ts';
import { dayInZone, formatDay } from '../lib/member-format.ts';

/**
 * Pause after a confirmation that says what stops (charges, access) and what is kept (the paid
 * time left); the member pauses until they resume, or until a date (tomorrow to
 * MEMBERSHIP_LIMITS.maxPauseDays days ahead, in the store's zone), when it resumes by itself. A
 * tier with the creator's own longest pause asks for a date within it (the server checks it too).
 */
export function PauseMyMembershipDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const pause = usePauseMyMembership(storeId);
  const [chosenDated, setDated] = useState(false);
  const tierMax = membership?.maxPauseDays ?? null;
  const dated = tierMax !== null || chosenDated;
  const maxDays = tierMax ?? MEMBERSHIP_LIMITS.maxPauseDays;
  const timeZone = membership?.timeZone ?? 'UTC';
  const [resumeOn, setResumeOn] = useState('');
  const [missingDate, setMissingDate] = useState(false);
  const close = () => {
    pause.reset();
    setDated(false);
    setResumeOn('');
    setMissingDate(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={membership !== null}
      title={`Pause ${membership?.tier.name ?? ''}?`}
      description={
        membership ? (
          <div className="space-y-3">
            <p>
              Nothing is charged while it is paused, and this tier’s content is closed until you resume. The paid time you have left (until {formatDay(membership.currentPeriodEnd)}) is kept for when you come back.
            </p>
            {tierMax === null ? (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-800">How long?</legend>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="pause-length" checked={!dated} onChange={() => setDated(false)} className="size-4" />
                  Until I resume it
                </label>
                <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="pause-length" checked={dated} onChange={() => setDated(true)} className="size-4" />
                  Until a date
                </label>
              </fieldset>
            ) : (
              <p>
                This tier can be paused for up to {tierMax} {tierMax === 1 ? 'day' : 'days'}: pick the day it resumes.
              </p>
            )}
            {dated ? (
              <TextField
                label="Resume on"
                type="date"
                value={resumeOn}
                min={dayInZone(timeZone, 1)}
                max={dayInZone(timeZone, maxDays)}
                onChange={(event) => {
                  setResumeOn(event.target.value);
                  setMissingDate(false);
                }}
                hint={`From tomorrow to ${maxDays} ${maxDays === 1 ? 'day' : 'days'} from today. It resumes by itself at the start of that day in the store’s time zone (${timeZone}).`}
                {...(missingDate ? { error: 'Pick a resume date.' } : {})}
              />
            ) : null}
          </div>
        ) : null
      }
      confirmLabel="Pause membership"
      pendingLabel="Pausing…"
      pending={pause.isPending}
      error={pause.isError ? errorMessage(pause.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!membership) return;
        if (dated && !resumeOn) {
          setMissingDate(true);
          return;
        }
        pause.mutate(
          { membershipId: membership.id, resumeOn: dated ? resumeOn : null },
          {
            onSuccess: () => {
              toast.success(dated ? `Paused until ${formatDay(`${resumeOn}T12:00:00`)}. Resume sooner any time from this page.` : 'Paused. Resume any time from this page.');
              close();
            },
          },
        );
      }}
    />
  );
}
