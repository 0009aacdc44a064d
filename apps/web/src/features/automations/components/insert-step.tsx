import type { AutomationStepType } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { STEP_LABELS, STEP_TYPES } from '../lib/automation-form.ts';

/** The line between two cards with its "+": opens the step types to insert at that place. */
export function InsertStep({ label, onInsert, disabled }: { label: string; onInsert: (type: AutomationStepType) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const groupId = useId();
  return (
    <div className="flex flex-col items-center">
      <span aria-hidden="true" className="h-3 w-px bg-slate-300" />
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={groupId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        className="inline-flex size-9 items-center justify-center rounded-full bg-white text-lg font-semibold text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-40"
      >
        <span aria-hidden="true">{open ? '×' : '+'}</span>
      </button>
      {open ? (
        <div id={groupId} role="group" aria-label={label} className="mt-2 flex max-w-full flex-wrap justify-center gap-2 rounded-xl bg-white p-2 ring-1 ring-slate-200">
          {STEP_TYPES.map((type) => (
            <Button
              key={type}
              variant="secondary"
              className="min-h-10 px-3"
              onClick={() => {
                setOpen(false);
                onInsert(type);
              }}
            >
              {STEP_LABELS[type]}
            </Button>
          ))}
        </div>
      ) : null}
      <span aria-hidden="true" className="h-3 w-px bg-slate-300" />
    </div>
  );
}
