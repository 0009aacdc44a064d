import { useId } from 'react';
import { ImageUploadControls } from '#src/components/ui/image-upload-controls.tsx';
import { useUpload } from '#src/lib/use-upload.ts';
import { IMAGE_TYPES, imageProblem, uploadWebsiteImage } from '../api/upload-website-image.ts';

interface ImageFieldProps {
  storeId: string;
  label: string;
  value: string;
  onChange: (src: string) => void;
  readOnly?: boolean;
}

/** An image of a block: uploaded like product covers (same route and limits), or an https:// address. */
export function ImageField({ storeId, label, value, onChange, readOnly = false }: ImageFieldProps) {
  const inputId = useId();
  const { state, percent, begin, cancel } = useUpload({
    check: imageProblem,
    start: (file, onProgress) => uploadWebsiteImage(storeId, file, onProgress),
    onDone: ({ url }) => onChange(url),
  });
  const uploading = state.status === 'uploading';
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium text-slate-800">{label}</p>
      {value ? <img src={value} alt="" className="max-h-32 w-full rounded-lg bg-slate-100 object-contain" /> : null}
      <ImageUploadControls
        noun="image"
        accept={IMAGE_TYPES}
        hint="PNG, JPEG, WebP or GIF, up to 5 MB."
        hasImage={value !== ''}
        uploading={uploading}
        percent={percent}
        {...(state.status === 'error' ? { message: state.message } : {})}
        onFile={begin}
        onCancel={cancel}
        onRemove={() => onChange('')}
        disabled={readOnly}
        progressLabel={`Uploading ${label.toLowerCase()}`}
      />
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
        or an image address (https://)
      </label>
      <input
        id={inputId}
        type="url"
        value={value}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        className="block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600"
      />
    </div>
  );
}
