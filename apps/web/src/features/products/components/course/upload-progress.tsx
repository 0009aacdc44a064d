import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { CancelUploadDialog } from '../cancel-upload-dialog.tsx';
import type { LessonUploadState } from './use-lesson-upload.ts';

/** The running upload (name, percent, cancel after a confirm) or its refusal (dismiss). */
export function UploadProgress({ state, onCancel, onDismiss }: { state: LessonUploadState; onCancel: () => void; onDismiss: () => void }) {
  const percent = Math.round(state.fraction * 100);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{state.name}</p>
          <p className={state.error ? 'text-sm font-medium text-red-700' : 'text-xs text-slate-500'}>{state.error ?? `Uploading: ${percent}%`}</p>
        </div>
        {state.error ? (
          <Button variant="ghost" className="min-h-10 px-3" onClick={onDismiss} aria-label={`Dismiss ${state.name}`}>
            Dismiss
          </Button>
        ) : (
          <Button variant="ghost" className="min-h-10 px-3" onClick={() => setConfirming(true)} aria-label={`Cancel upload of ${state.name}`}>
            Cancel
          </Button>
        )}
      </div>
      {state.error ? null : <ProgressBar label={`Uploading ${state.name}`} percent={percent} className="mt-2" />}
      <CancelUploadDialog
        name={confirming && !state.error ? state.name : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onCancel();
        }}
      />
    </div>
  );
}
