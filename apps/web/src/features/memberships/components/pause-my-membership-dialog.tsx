import { MEMBERSHIP_LIMITS, type MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { usePauseMyMembership } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';

/** A local calendar day `days` from today, as the date input takes it (the server checks the store's today). */
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/**
 * Pause after a confirmation that says what stops (charges, access) and what is kept (the paid
 * time left); the member pauses until they resume, or until a date (tomorrow to
 * MEMBERSHIP_LIMITS.maxPauseDays days ahead), when it resumes by itself.
 */
export function PauseMyMembershipDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const pause = usePauseMyMembership(storeId);
  const [dated, setDated] = useState(false);
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
            {dated ? (
              <TextField
                label="Resume on"
                type="date"
                value={resumeOn}
                min={dayFromToday(1)}
                max={dayFromToday(MEMBERSHIP_LIMITS.maxPauseDays)}
                onChange={(event) => {
                  setResumeOn(event.target.value);
                  setMissingDate(false);
                }}
                hint={`From tomorrow to ${MEMBERSHIP_LIMITS.maxPauseDays} days from today. It resumes by itself at the start of that day.`}
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
