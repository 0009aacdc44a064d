import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { STEP_LABELS } from '../lib/automation-form.ts';
import type { StepNumbers as Numbers } from '../lib/step-stats.ts';
import { stepInWords } from '../lib/step-words.ts';
import { StepFields, type StepFieldsProps } from './step-fields.tsx';
import { StepNumbers } from './step-numbers.tsx';

export const stepControlId = (stepId: string, control: 'card' | 'up' | 'down' | 'delete') => `automation-step-${stepId}-${control}`;

interface StepCardProps extends StepFieldsProps {
  handle: ReactNode;
  numbers: Numbers | undefined;
  currency: string;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

/** One step as a card: its number and kind, move and delete, its fields edited in place, its numbers. */
export function StepCard({ handle, numbers, currency, onMove, onDelete, ...fields }: StepCardProps) {
  const { step, index, steps, titles } = fields;
  const name = `Step ${index + 1}: ${STEP_LABELS[step.type]}`;
  return (
    <article id={stepControlId(step.id, 'card')} tabIndex={-1} aria-label={name} className="min-w-0 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4">
      <div className="mb-3 flex items-start gap-2">
        {handle}
        <span aria-hidden="true" className="mt-1.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 pt-1">
          <h4 className="text-sm font-semibold text-slate-900">{STEP_LABELS[step.type]}</h4>
          <p className="break-words text-sm text-slate-600">{stepInWords(step, titles)}</p>
        </div>
      </div>
      <div className="space-y-3">
        <StepFields {...fields} />
        <StepNumbers type={step.type} numbers={numbers} currency={currency} label={`Numbers of step ${index + 1}`} />
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-1 border-t border-slate-100 pt-2">
        <Button id={stepControlId(step.id, 'up')} variant="ghost" className="min-h-10 px-3" aria-label={`Move step ${index + 1} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          Move up
        </Button>
        <Button id={stepControlId(step.id, 'down')} variant="ghost" className="min-h-10 px-3" aria-label={`Move step ${index + 1} down`} disabled={index === steps.length - 1} onClick={() => onMove(1)}>
          Move down
        </Button>
        <Button id={stepControlId(step.id, 'delete')} variant="ghost" className="min-h-10 px-3 text-red-700 hover:bg-red-50" aria-label={`Delete step ${index + 1}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}
