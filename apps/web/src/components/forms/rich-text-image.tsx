import { mergeAttributes, Node, type Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { errorMessage } from '#src/lib/error-message.ts';

/**
 * An image in rich text: `<img src alt>` as a block of its own. Only editors given an uploader
 * offer it (members-only posts); the server keeps an image only when its address is one of the
 * store's own uploads.
 */
export const RichTextImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes, { class: 'my-2 h-auto max-w-full rounded-lg' })];
  },
});

/** Uploads one image and answers its address; throws with a message to show (too large, not an image). */
export type ImageUploader = (file: File) => Promise<string>;

/** The toolbar's image form: a picture and its description (alt text), uploaded, then placed at the cursor. */
export function ImageForm({ editor, upload, onDone }: { editor: Editor; upload: ImageUploader; onDone: () => void }) {
  const fileId = useId();
  const altId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const insert = async () => {
    if (!file) return setError('Choose an image first');
    setBusy(true);
    setError(null);
    try {
      const src = await upload(file);
      editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: alt.trim() } }).run();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2 border-t border-slate-200 p-2 sm:grid-cols-[auto_1fr_auto] sm:items-center">
      <label htmlFor={fileId} className="text-xs font-medium text-slate-600">
        Image (PNG, JPEG, WebP or GIF, up to 5 MB)
      </label>
      <input id={fileId} type="file" accept="image/png,image/jpeg,image/webp,image/gif" disabled={busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="min-w-0 text-sm sm:col-span-2" />
      <label htmlFor={altId} className="text-xs font-medium text-slate-600">
        Description (for screen readers)
      </label>
      <input id={altId} value={alt} maxLength={300} disabled={busy} onChange={(event) => setAlt(event.target.value)} className="min-h-9 min-w-0 rounded-md border border-slate-300 px-2 text-base sm:text-sm" />
      <button type="button" onClick={() => void insert()} disabled={busy} aria-busy={busy} className="min-h-9 rounded-md bg-slate-900 px-3 text-sm font-semibold text-white disabled:opacity-60">
        {busy ? 'Uploading…' : 'Insert image'}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600 sm:col-span-3">
          {error}
        </p>
      ) : null}
    </div>
  );
}
