import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import type { AutosaveState } from '#src/lib/autosaver.ts';

interface SaveStatusProps {
  state: AutosaveState;
  hasInvalid: boolean;
  onRetry: () => void;
  onShowInvalid: () => void;
}

/** The autosave line: "Saving…", "All changes saved", or what went wrong with a way out. */
export function SaveStatus({ state, hasInvalid, onRetry, onShowInvalid }: SaveStatusProps) {
  const view = hasInvalid
    ? { tone: 'warn', text: 'Not saved: fix the fields marked in red' }
    : state.status === 'error'
      ? { tone: 'error', text: `Couldn't save. ${errorMessage(state.error)}` }
      : state.status === 'saving' || state.status === 'pending'
        ? { tone: 'busy', text: 'Saving…' }
        : state.status === 'saved'
          ? { tone: 'ok', text: 'All changes saved' }
          : { tone: 'idle', text: 'Changes save automatically' };

  return (
    <div role="status" aria-live="polite" data-testid="save-status" className="flex min-h-8 min-w-0 items-center gap-2 text-sm">
      {view.tone === 'busy' ? (
        <span aria-hidden="true" className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'size-2 shrink-0 rounded-full',
            view.tone === 'ok' && 'bg-emerald-500',
            view.tone === 'error' && 'bg-red-500',
            view.tone === 'warn' && 'bg-amber-500',
            view.tone === 'idle' && 'bg-slate-300',
          )}
        />
      )}
      <span className={cn('truncate', view.tone === 'error' ? 'font-medium text-red-700' : view.tone === 'warn' ? 'font-medium text-amber-800' : 'text-slate-600')}>{view.text}</span>
      {view.tone === 'error' ? (
        <button type="button" onClick={onRetry} className="shrink-0 rounded-md px-1.5 py-0.5 font-semibold text-red-700 underline underline-offset-2 hover:bg-red-50">
          Retry
        </button>
      ) : null}
      {view.tone === 'warn' ? (
        <button type="button" onClick={onShowInvalid} className="shrink-0 rounded-md px-1.5 py-0.5 font-semibold text-amber-800 underline underline-offset-2 hover:bg-amber-50">
          Show me
        </button>
      ) : null}
    </div>
  );
}
