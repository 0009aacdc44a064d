import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import type { AutosaveState } from '#src/lib/autosaver.ts';

export const SAVE_STATUS_TEXT = { idle: 'Changes save automatically', saving: 'Saving…', saved: 'Saved', error: "Couldn't save" } as const;

/**
 * The autosave line, read out politely: "Saving…", "Saved", or "Couldn't save" with the reason —
 * `errorText` when the editor can name the field (the block and its label), else the server's —
 * and a retry.
 */
export function SaveStatus({ state, errorText, onRetry }: { state: AutosaveState; errorText?: string | undefined; onRetry: () => void }) {
  const tone = state.status === 'error' ? 'error' : state.status === 'saving' || state.status === 'pending' ? 'busy' : state.status === 'saved' ? 'ok' : 'idle';
  const reason = state.status === 'error' ? (errorText ?? errorMessage(state.error)) : '';
  const text = tone === 'error' ? `${SAVE_STATUS_TEXT.error}: ${reason}` : tone === 'busy' ? SAVE_STATUS_TEXT.saving : tone === 'ok' ? SAVE_STATUS_TEXT.saved : SAVE_STATUS_TEXT.idle;
  return (
    <div role="status" aria-live="polite" data-testid="save-status" className="flex min-h-8 min-w-0 items-center gap-2 text-sm">
      {tone === 'busy' ? (
        <span aria-hidden="true" className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      ) : (
        <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', tone === 'ok' ? 'bg-emerald-500' : tone === 'error' ? 'bg-red-500' : 'bg-slate-300')} />
      )}
      <span className={cn('min-w-0', tone === 'error' ? 'font-medium text-red-700' : 'text-slate-600')}>{text}</span>
      {tone === 'error' ? (
        <button type="button" onClick={onRetry} className="shrink-0 rounded-md px-1.5 py-0.5 font-semibold text-red-700 underline underline-offset-2 hover:bg-red-50">
          Retry
        </button>
      ) : null}
    </div>
  );
}
