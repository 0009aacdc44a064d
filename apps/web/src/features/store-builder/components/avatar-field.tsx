import { useFormContext, useWatch } from 'react-hook-form';
import { ImageUploadControls } from '#src/components/ui/image-upload-controls.tsx';
import { useUpload } from '#src/lib/use-upload.ts';
import { avatarProblem, AVATAR_TYPES, uploadAvatar } from '../api/upload-avatar.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';

/** The store's picture: upload (≤ 2 MB, with progress), replace or remove. */
export function AvatarField({ storeId }: { storeId: string }) {
  const { control, setValue } = useFormContext<ProfileValues>();
  const [avatarUrl, name = ''] = useWatch({ control, name: ['avatarUrl', 'name'] });
  const { state: upload, percent, begin, cancel } = useUpload({
    check: avatarProblem,
    start: (file, onProgress) => uploadAvatar(storeId, file, onProgress),
    onDone: ({ url }) => setValue('avatarUrl', url, { shouldDirty: true, shouldValidate: true }),
  });

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
        <ImageUploadControls
          noun="picture"
          accept={AVATAR_TYPES}
          hint="PNG, JPEG, WebP or GIF, up to 2 MB."
          hasImage={Boolean(avatarUrl)}
          uploading={uploading}
          percent={percent}
          message={upload.status === 'error' ? upload.message : undefined}
          onFile={begin}
          onCancel={cancel}
          onRemove={() => setValue('avatarUrl', null, { shouldDirty: true, shouldValidate: true })}
          progressClassName="max-w-60"
        />
      </div>
    </div>
  );
}
