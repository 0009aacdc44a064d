import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useUpload } from '../../../lib/use-upload.ts';
import { coverProblem, COVER_TYPES, uploadCoverImage } from '../api/product-uploads.ts';
import { CoverThumb } from './product-badges.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

/** The product cover: upload with progress (the server resizes it), cancel, replace or remove. */
export function CoverField({ storeId, value, onChange, error, disabled = false }: { storeId: string; value: string | null; onChange: (url: string | null) => void; error?: string; disabled?: boolean }) {
  const { state: upload, percent, begin, cancel } = useUpload({
    check: coverProblem,
    start: (file, onProgress) => uploadCoverImage(storeId, file, onProgress),
    onDone: ({ url }) => onChange(url),
  });
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();

  const uploading = upload.status === 'uploading';
  const message = upload.status === 'error' ? upload.message : error;

  return (
    <div className="space-y-3">
      <div className="relative">
        <CoverThumb url={value} className="aspect-square w-full max-w-64" />
        {uploading ? (
          <span aria-hidden="true" className="absolute inset-0 flex max-w-64 items-center justify-center rounded-xl bg-slate-900/50 text-sm font-semibold text-white">
            {percent}%
          </span>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={COVER_TYPES.join(',')}
        data-testid="cover-file-input"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) begin(file);
        }}
      />
      {uploading ? (
        <div className="space-y-1.5">
          <ProgressBar label="Uploading cover image" percent={percent} className="max-w-64" />
          <Button variant="ghost" className="min-h-9 px-2" onClick={cancel}>
            Cancel upload
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="min-h-10" onClick={() => input.current?.click()} aria-describedby={statusId} disabled={disabled}>
            {value ? 'Replace cover' : 'Upload cover'}
          </Button>
          {value ? (
            <Button variant="ghost" className="min-h-10 text-red-700 hover:bg-red-50" onClick={() => onChange(null)} disabled={disabled}>
              Remove
            </Button>
          ) : null}
        </div>
      )}
      <p id={statusId} aria-live="polite" className={message ? 'text-sm font-medium text-red-600' : 'text-xs text-slate-500'}>
        {message ?? (uploading ? `Uploading… ${percent}%` : 'PNG, JPEG, WebP or GIF, up to 5 MB. Square images look best.')}
      </p>
    </div>
  );
}
