import { COURSE_LIMITS, COURSE_MESSAGES, type CourseOutline, type Drip } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useChangeOutline } from '#src/features/products/api/course-api.ts';
import { NestedForm } from '#src/components/ui/nested-form.tsx';

type Section = CourseOutline['sections'][number];
type Kind = Drip['kind'];

/** The date input's value (local calendar day) for an ISO instant, and back (local midnight). */
const toDateInput = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
const fromDateInput = (value: string) => new Date(`${value}T00:00:00`).toISOString();

/** When a section opens: at enrolment, N days after it, or on a date. Applies to existing students too. */
export function DripDialog({ storeId, productId, section, onClose }: { storeId: string; productId: string; section: Section | null; onClose: () => void }) {
  const change = useChangeOutline(storeId, productId);
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <Dialog open={section !== null} onClose={close} title={section ? `When “${section.title}” opens` : ''} description="This applies to students already enrolled too." dismissible={!change.isPending}>
      {section ? <DripForm key={section.id} storeId={storeId} section={section} change={change} onClose={close} /> : null}
    </Dialog>
  );
}

function DripForm({ storeId, section, change, onClose }: { storeId: string; section: Section; change: ReturnType<typeof useChangeOutline>; onClose: () => void }) {
  const { drip } = section;
  const [kind, setKind] = useState<Kind>(drip.kind);
  const [days, setDays] = useState(drip.kind === 'after-days' ? String(drip.days) : '7');
  const [date, setDate] = useState(drip.kind === 'on-date' ? toDateInput(drip.date) : '');
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = (): Drip | string => {
    if (kind === 'immediately') return { kind };
    if (kind === 'after-days') {
      const n = Number(days);
      return Number.isInteger(n) && n >= COURSE_LIMITS.dripDaysMin && n <= COURSE_LIMITS.dripDaysMax && /^\d+$/.test(days.trim()) ? { kind, days: n } : COURSE_MESSAGES.dripDays;
    }
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? { kind, date: fromDateInput(date) } : COURSE_MESSAGES.dripDate;
  };
  const option = (value: Kind, label: string) => (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
      <input type="radio" name="drip" value={value} checked={kind === value} onChange={() => setKind(value)} className="size-4 accent-brand-600" />
      {label}
    </label>
  );

  return (
    <NestedForm
      onSubmit={() => {
        const next = chosen();
        if (typeof next === 'string') return setProblem(next);
        setProblem(null);
        change.mutate(
          { setSectionDrip: { storeId, sectionId: section.id, drip: next } },
          {
            onSuccess: () => {
              toast.success('Schedule saved.');
              onClose();
            },
          },
        );
      }}
    >
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Opens</legend>
        {option('immediately', 'When the student enrols')}
        {option('after-days', 'Some days after enrolment')}
        {kind === 'after-days' ? (
          <TextField label="Number of days" inputMode="numeric" autoComplete="off" value={days} onChange={(event) => setDays(event.target.value)} error={problem ?? undefined} />
        ) : null}
        {option('on-date', 'On a date')}
        {kind === 'on-date' ? <TextField label="Opening date" type="date" value={date} onChange={(event) => setDate(event.target.value)} error={problem ?? undefined} /> : null}
      </fieldset>
      {change.isError ? <Alert>{errorMessage(change.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save schedule'}
        </Button>
      </div>
    </NestedForm>
  );
}
