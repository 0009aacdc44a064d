import { useId, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { useUpload } from '../../../lib/use-upload.ts';
import { avatarProblem, AVATAR_TYPES, uploadAvatar } from '../api/upload-avatar.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

/** The store's picture: upload (≤ 2 MB, with progress), replace or remove. */
export function AvatarField({ storeId }: { storeId: string }) {
  const { control, setValue } = useFormContext<ProfileValues>();
  const [avatarUrl, name = ''] = useWatch({ control, name: ['avatarUrl', 'name'] });
  const { state: upload, percent, begin, cancel } = useUpload({
    check: avatarProblem,
    start: (file, onProgress) => uploadAvatar(storeId, file, onProgress),
    onDone: ({ url }) => setValue('avatarUrl', url, { shouldDirty: true, shouldValidate: true }),
  });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();

  const uploading = upload.status === 'uploading';
  const initials = name.trim().slice(0, 1).toUpperCase() || '?';

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-violet-500 ring-4 ring-slate-100">
        {avatarUrl ? (
          <img src={avatarUrl} alt="Store picture" className="size-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-full items-center justify-center text-2xl font-bold text-white">
            {initials}
          </span>
        )}
        {uploading ? (
          <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-slate-900/50 text-sm font-semibold text-white">
            {percent}%
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-slate-800">Store picture</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
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
            <ProgressBar label="Uploading picture" percent={percent} className="max-w-60" />
            <Button variant="ghost" className="min-h-9 px-2" onClick={cancel}>
              Cancel upload
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="min-h-10" onClick={() => input.current?.click()} aria-describedby={statusId}>
              {avatarUrl ? 'Replace picture' : 'Upload picture'}
            </Button>
            {avatarUrl ? (
              <Button variant="ghost" className="min-h-10 text-red-700 hover:bg-red-50" onClick={() => setValue('avatarUrl', null, { shouldDirty: true, shouldValidate: true })}>
                Remove
              </Button>
            ) : null}
          </div>
        )}
        <p id={statusId} aria-live="polite" className={upload.status === 'error' ? 'text-sm font-medium text-red-600' : 'text-xs text-slate-500'}>
          {upload.status === 'error' ? upload.message : uploading ? `Uploading… ${percent}%` : 'PNG, JPEG, WebP or GIF, up to 2 MB.'}
        </p>
      </div>
    </div>
  );
}
