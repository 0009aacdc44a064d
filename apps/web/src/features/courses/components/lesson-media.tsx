import type { ReactNode } from 'react';
import type { LessonView } from '@shopfront/core';
import { LessonVideo } from './lesson-video.tsx';

/** The lesson's video, full width: streamed, the original file, an embed, or why there is none yet. */
export function LessonMedia({ lesson, onReport }: { lesson: LessonView; onReport: ((positionSeconds: number, seeked: boolean) => void) | null }) {
  const { playback } = lesson;
  const startAt = lesson.progress?.positionSeconds ?? 0;
  const frame = 'overflow-hidden bg-black sm:rounded-xl';
  switch (playback.kind) {
    case 'hls':
      return (
        <div className={frame}>
          <LessonVideo key={lesson.id} source={{ kind: 'hls', url: playback.masterUrl }} poster={playback.posterUrl} title={lesson.title} startAt={startAt} onReport={onReport} />
        </div>
      );
    case 'original':
      return (
        <div className={frame}>
          <LessonVideo key={lesson.id} source={{ kind: 'file', url: playback.url, type: playback.contentType }} poster={null} title={lesson.title} startAt={startAt} onReport={onReport} />
        </div>
      );
    case 'embed':
      return (
        <div className={`${frame} aspect-video`}>
          <iframe
            src={playback.embedUrl}
            title={`Video: ${lesson.title}`}
            className="size-full border-0"
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      );
    case 'processing':
      return <Notice>This lesson’s video is being prepared ({playback.percent}%). Come back in a few minutes.</Notice>;
    case 'failed':
      return <Notice>This lesson’s video is not available right now.</Notice>;
    case 'none':
      return null;
  }
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-xl bg-slate-900/5 p-4 text-sm">
      {children}
    </p>
  );
}
