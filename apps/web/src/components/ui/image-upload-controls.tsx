import { useId, useRef } from 'react';
import { Button } from './button.tsx';
import { ProgressBar } from './progress-bar.tsx';

export interface ImageUploadControlsProps {
  /** What the image is, in buttons and the progress label: "picture", "cover". */
  noun: string;
  accept: readonly string[];
  /** Shown under the buttons while nothing is wrong: the accepted types and size. */
  hint: string;
  hasImage: boolean;
  uploading: boolean;
  percent: number;
  /** A refusal (the browser's check or the server's), shown in red instead of the hint. */
  message?: string;
  onFile: (file: File) => void;
  onCancel: () => void;
  onRemove: () => void;
  disabled?: boolean;
  inputTestId?: string;
  /** The progress bar's accessible name; default "Uploading {noun}". */
  progressLabel?: string;
  progressClassName?: string;
}

/**
 * The controls of an image field: a hidden file input behind an Upload/Replace button, Remove,
 * progress with Cancel while sending, and a live status line (hint, progress or refusal).
 */
export function ImageUploadControls(props: ImageUploadControlsProps) {
  const { noun, uploading, percent, message, disabled = false } = props;
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept.join(',')}
        data-testid={props.inputTestId}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) props.onFile(file);
        }}
      />
      {uploading ? (
        <div className="space-y-1.5">
          <ProgressBar label={props.progressLabel ?? `Uploading ${noun}`} percent={percent} className={props.progressClassName} />
          <Button variant="ghost" className="min-h-9 px-2" onClick={props.onCancel}>
            Cancel upload
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="min-h-10" onClick={() => input.current?.click()} aria-describedby={statusId} disabled={disabled}>
            {props.hasImage ? `Replace ${noun}` : `Upload ${noun}`}
          </Button>
          {props.hasImage ? (
            <Button variant="ghost" className="min-h-10 text-red-700 hover:bg-red-50" onClick={props.onRemove} disabled={disabled}>
              Remove
            </Button>
          ) : null}
        </div>
      )}
      <p id={statusId} aria-live="polite" className={message ? 'text-sm font-medium text-red-600' : 'text-xs text-slate-500'}>
        {message ?? (uploading ? `Uploading… ${percent}%` : props.hint)}
      </p>
    </>
  );
}
