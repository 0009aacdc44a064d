import { formatBytes, type CreatorLesson } from '@shopfront/core';
import { useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCourseOutline, useSaveLesson } from '#src/features/products/api/course-api.ts';
import { videoStatusText } from '#src/features/products/lib/course-outline.ts';
import { UploadProgress } from './upload-progress.tsx';
import { UnfinishedUploads } from '../unfinished-uploads.tsx';
import { useLessonUpload } from './use-lesson-upload.ts';

/** The lesson's uploaded video: upload (with progress), then its transcoding status, replace, remove. */
export function LessonVideo({ storeId, productId, lesson }: { storeId: string; productId: string; lesson: CreatorLesson }) {
  const upload = useLessonUpload(storeId, productId, lesson.id, 'video');
  const save = useSaveLesson(storeId, productId);
  const [removing, setRemoving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The outline is polled while a video transcodes: its copy of the video is the freshest.
  const outline = useCourseOutline(storeId, productId);
  const fresh = outline.data?.sections.flatMap((section) => section.lessons).find((item) => item.id === lesson.id);
  const video = fresh && fresh.video?.assetId === lesson.video?.assetId ? fresh.video : lesson.video;
  const embedded = lesson.embedUrl !== null;

  return (
    <section aria-labelledby={`video-${lesson.id}`} className="space-y-3">
      <h3 id={`video-${lesson.id}`} className="text-base font-semibold text-slate-900">
        Video
      </h3>
      {upload.state ? <UploadProgress state={upload.state} onCancel={upload.cancel} onDismiss={upload.dismiss} /> : null}
      {video && !upload.uploading ? (
        <div className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="truncate text-sm font-medium text-slate-900">
            {video.name} <span className="font-normal text-slate-500">· {formatBytes(video.sizeBytes)}</span>
          </p>
          <p role="status" className={video.status === 'failed' ? 'text-sm font-medium text-red-700' : video.status === 'original-only' ? 'text-sm text-amber-800' : 'text-sm text-slate-700'}>
            {videoStatusText(video)}
          </p>
          {video.status === 'processing' || video.status === 'queued' ? <ProgressBar label="Making the video streamable" percent={video.progressPercent} /> : null}
        </div>
      ) : null}
      {!video && !upload.state ? (
        <p className="text-sm text-slate-600">
          {embedded ? 'This lesson embeds a video from its link. Remove the link to upload a video instead.' : 'No video uploaded. Upload one, or embed a YouTube, Vimeo or Loom link above.'}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="video/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="lesson-video-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.start(file);
        }}
      />
      <UnfinishedUploads state={upload.unfinished} onResume={() => input.current?.click()} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={embedded || upload.uploading}>
          {video ? 'Replace video' : 'Upload a video'}
        </Button>
        {video && !upload.uploading ? (
          <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(true)}>
            Remove video
          </Button>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {upload.announcement}
      </p>
      <ConfirmDialog
        open={removing}
        title="Remove this video?"
        description="The video and its streaming versions are deleted. Students see the lesson without a video."
        confirmLabel="Remove video"
        pendingLabel="Removing…"
        pending={save.isPending}
        error={save.isError ? errorMessage(save.error) : null}
        onClose={() => {
          save.reset();
          setRemoving(false);
        }}
        onConfirm={() =>
          save.mutate(
            { update: { storeId, lessonId: lesson.id, removeVideo: true } },
            {
              onSuccess: () => {
                toast.success('Video removed.');
                setRemoving(false);
              },
            },
          )
        }
      />
    </section>
  );
}
