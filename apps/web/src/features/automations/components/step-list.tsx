import { AUTOMATION_LIMITS, type AutomationStep, type AutomationStepType, type Product } from '@shopfront/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { SortableList } from '#src/components/ui/sortable-list.tsx';
import { insertStep, moveStep, newStep, removeStep, STEP_LABELS } from '../lib/automation-form.ts';
import { errorAt } from '../lib/field-errors.ts';
import { formatCount, type StepNumbers } from '../lib/step-stats.ts';
import { InsertStep } from './insert-step.tsx';
import { StepCard, stepControlId } from './step-card.tsx';

interface StepListProps {
  steps: AutomationStep[];
  onChange: (steps: AutomationStep[]) => void;
  /** The form's errors for `steps`. */
  errors: unknown;
  numbers: ReadonlyMap<string, StepNumbers>;
  products: readonly Product[];
  titles: ReadonlyMap<string, string>;
  currency: string;
}

/**
 * The steps top to bottom as cards joined by a line, a "+" between any two. Reorder by dragging a
 * card's handle, with its arrow keys, or with Move up / Move down; focus follows the step.
 */
export function StepList({ steps, onChange, errors, numbers, products, titles, currency }: StepListProps) {
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });
  const [confirming, setConfirming] = useState<{ index: number; waiting: number } | null>(null);
  const full = steps.length >= AUTOMATION_LIMITS.stepsMax;
  const byId = new Map(steps.map((step, index) => [step.id, { step, index }]));

  const insert = (at: number, type: AutomationStepType) => {
    const step = newStep(type);
    onChange(insertStep(steps, at, step));
    focusTarget.current = stepControlId(step.id, 'card');
  };
  const move = (index: number, by: -1 | 1) => {
    const step = steps[index];
    if (!step) return;
    onChange(moveStep(steps, index, by));
    const to = index + by;
    // At an edge the pressed button turns disabled: focus its twin instead.
    const atEdge = by === -1 ? to === 0 : to === steps.length - 1;
    focusTarget.current = stepControlId(step.id, atEdge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down');
  };
  const remove = (index: number) => {
    const next = removeStep(steps, index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    focusTarget.current = neighbour ? stepControlId(neighbour.id, 'card') : 'automation-steps-title';
  };
  const askToRemove = (index: number) => {
    const waiting = numbers.get(steps[index]?.id ?? '')?.waiting ?? 0;
    if (waiting > 0) setConfirming({ index, waiting });
    else remove(index);
  };
  const stepsError = errorAt(errors) ?? errorAt(errors, 'root');

  return (
    <div>
      {stepsError ? <p className="mb-3 text-sm font-medium text-red-600">{stepsError}</p> : null}
      {steps.length === 0 ? <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No steps yet. Add a first one: an email, a wait, a tag…</p> : null}
      <InsertStep label={steps.length === 0 ? 'Add a first step' : 'Add a step at the start'} disabled={full} onInsert={(type) => insert(0, type)} />
      <SortableList
        label="Steps, in order"
        className="space-y-0"
        ids={steps.map((step) => step.id)}
        nameOf={(id) => {
          const found = byId.get(id);
          return found ? `Step ${found.index + 1}, ${STEP_LABELS[found.step.type]}` : 'Step';
        }}
        onReorder={(ids) => onChange(ids.flatMap((id) => byId.get(id)?.step ?? []))}
        renderItem={(id, handle) => {
          const { step, index } = byId.get(id)!;
          return (
            <>
              <StepCard
                step={step}
                index={index}
                steps={steps}
                handle={handle}
                onChange={(changed) => onChange(steps.map((s, i) => (i === index ? changed : s)))}
                errors={errors && typeof errors === 'object' ? (errors as Record<number, unknown>)[index] : undefined}
                numbers={numbers.get(step.id)}
                products={products}
                titles={titles}
                currency={currency}
                onMove={(by) => move(index, by)}
                onDelete={() => askToRemove(index)}
              />
              <InsertStep label={`Add a step after step ${index + 1}`} disabled={full} onInsert={(type) => insert(index + 1, type)} />
            </>
          );
        }}
      />
      {full ? <p className="text-center text-sm text-slate-600">An automation can have up to {AUTOMATION_LIMITS.stepsMax} steps.</p> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete step ${(confirming?.index ?? 0) + 1}?`}
        description={
          confirming
            ? `${formatCount(confirming.waiting)} ${confirming.waiting === 1 ? 'person is' : 'people are'} waiting at this step. Once you save, they go on to the step that takes its place.`
            : ''
        }
        confirmLabel="Delete step"
        pendingLabel="Deleting…"
        pending={false}
        onConfirm={() => {
          if (confirming) remove(confirming.index);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </div>
  );
}
