import { COURSE_LIMITS, COURSE_MESSAGES, formatBytes, type CreatorLesson } from '@shopfront/core';
import { useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaveLesson } from '#src/features/products/api/course-api.ts';
import { UploadProgress } from './upload-progress.tsx';
import { UnfinishedUploads } from '../unfinished-uploads.tsx';
import { useLessonUpload } from './use-lesson-upload.ts';

type LessonFile = CreatorLesson['files'][number];

/** The lesson's downloads: upload one at a time with progress, delete with confirm. */
export function LessonFiles({ storeId, productId, lesson }: { storeId: string; productId: string; lesson: CreatorLesson }) {
  const upload = useLessonUpload(storeId, productId, lesson.id, 'files');
  const save = useSaveLesson(storeId, productId);
  const [deleting, setDeleting] = useState<LessonFile | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const full = lesson.files.length >= COURSE_LIMITS.filesPerLesson;

  return (
    <section aria-labelledby={`files-${lesson.id}`} className="space-y-3">
      <h3 id={`files-${lesson.id}`} className="text-base font-semibold text-slate-900">
        Files
      </h3>
      {lesson.files.length === 0 && !upload.state ? <p className="text-sm text-slate-600">No files. Add worksheets, slides or anything students download with this lesson.</p> : null}
      {lesson.files.length > 0 ? (
        <ul aria-label="Lesson files" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {lesson.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-500">{formatBytes(file.sizeBytes)}</p>
              </div>
              <Button variant="ghost" className="min-h-10 px-3 text-red-700 hover:bg-red-50" onClick={() => setDeleting(file)} aria-label={`Delete ${file.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {upload.state ? <UploadProgress state={upload.state} onCancel={upload.cancel} onDismiss={upload.dismiss} /> : null}
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="lesson-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.start(file);
        }}
      />
      <UnfinishedUploads state={upload.unfinished} onResume={() => input.current?.click()} />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={full || upload.uploading}>
        + Add a file
      </Button>
      <p aria-live="polite" className="text-sm text-slate-600">
        {full ? COURSE_MESSAGES.tooManyFiles : upload.announcement}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this file'}?`}
        description="Students will no longer be able to download it."
        confirmLabel="Delete file"
        pendingLabel="Deleting…"
        pending={save.isPending}
        error={save.isError ? errorMessage(save.error) : null}
        onClose={() => {
          save.reset();
          setDeleting(null);
        }}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          save.mutate({ deleteFile: { storeId, fileId: deleting.id } }, { onSuccess: () => (toast.success(`${name} deleted.`), setDeleting(null)) });
        }}
      />
    </section>
  );
}
