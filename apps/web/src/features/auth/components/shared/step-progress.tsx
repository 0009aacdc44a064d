import { cn } from '#src/components/ui/cn.ts';

/** Where the visitor is in a multi-step flow (signup, password reset). */
export function StepProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label={current < steps.length ? `Step ${current + 1} of ${steps.length}` : 'All steps done'}>
      {steps.map((label, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={label} className="flex min-w-0 flex-1 flex-col gap-1.5" aria-current={state === 'current' ? 'step' : undefined}>
            <span className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-slate-200' : 'bg-brand-600')} aria-hidden="true" />
            <span className={cn('truncate text-xs font-medium', state === 'current' ? 'text-brand-700' : state === 'done' ? 'text-slate-600' : 'text-slate-400')}>
              {label}
              {state === 'done' ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
