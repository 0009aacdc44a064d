import { ImageUploadControls } from '#src/components/ui/image-upload-controls.tsx';
import { useUpload } from '#src/lib/use-upload.ts';
import { coverProblem, COVER_TYPES, uploadCoverImage } from '../api/product-uploads.ts';
import { CoverThumb } from './product-badges.tsx';

/** The product cover: upload with progress (the server resizes it), cancel, replace or remove. */
export function CoverField({ storeId, value, onChange, error, disabled = false }: { storeId: string; value: string | null; onChange: (url: string | null) => void; error?: string; disabled?: boolean }) {
  const { state: upload, percent, begin, cancel } = useUpload({
    check: coverProblem,
    start: (file, onProgress) => uploadCoverImage(storeId, file, onProgress),
    onDone: ({ url }) => onChange(url),
  });

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
      <ImageUploadControls
        noun="cover"
        accept={COVER_TYPES}
        hint="PNG, JPEG, WebP or GIF, up to 5 MB. Square images look best."
        hasImage={value !== null}
        uploading={uploading}
        percent={percent}
        message={message}
        onFile={begin}
        onCancel={cancel}
        onRemove={() => onChange(null)}
        disabled={disabled}
        inputTestId="cover-file-input"
        progressLabel="Uploading cover image"
        progressClassName="max-w-64"
      />
    </div>
  );
}
