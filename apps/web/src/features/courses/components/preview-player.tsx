import type { LessonView } from '@shopfront/core';
import { useCallback, useEffect, useRef } from 'react';
import { previewLessonRequest } from '../api/preview-requests.ts';
import { LessonVideo } from './lesson-video.tsx';
import { RetryAlert, usePublicRead } from './public-read.tsx';

/** A free-preview lesson played on the storefront: its video (or embed), title and text; nothing is recorded. Keyed by lesson by its parent. */
export function PreviewPlayer({ storeId, lessonId, title, onClose }: { storeId: string; lessonId: string; title: string; onClose: () => void }) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), [lessonId]);
  const load = useCallback((signal: AbortSignal) => previewLessonRequest({ storeId, lessonId }, signal), [storeId, lessonId]);
  const { answer, retry } = usePublicRead(load, 'The preview could not load.');

  return (
    <section ref={region} tabIndex={-1} className="sf-course-preview" aria-label={`Free preview: ${title}`}>
      <div className="sf-course-preview-head">
        <p className="sf-course-preview-title">
          <span className="sf-course-badge">Free preview</span> {title}
        </p>
        <button type="button" className="sf-course-preview-close" onClick={onClose}>
          Close <span className="sf-sr-only">the preview</span>
        </button>
      </div>
      {answer.state === 'loading' ? (
        <p role="status" className="sf-course-note">
          Loading the preview…
        </p>
      ) : answer.state === 'error' ? (
        <RetryAlert message={answer.message} onRetry={retry} />
      ) : (
        <>
          <PreviewMedia lesson={answer.value} />
          {/* SECURITY "Content": lesson text is sanitised by the server when saved (the product description's sanitiser). */}
          {answer.value.bodyHtml.trim() ? <div className="sf-prose sf-course-body" dangerouslySetInnerHTML={{ __html: answer.value.bodyHtml }} /> : null}
        </>
      )}
    </section>
  );
}

function PreviewMedia({ lesson }: { lesson: LessonView }) {
  const { playback } = lesson;
  switch (playback.kind) {
    case 'hls':
      return <LessonVideo source={{ kind: 'hls', url: playback.masterUrl }} poster={playback.posterUrl} title={lesson.title} startAt={0} onReport={null} />;
    case 'original':
      return <LessonVideo source={{ kind: 'file', url: playback.url, type: playback.contentType }} poster={null} title={lesson.title} startAt={0} onReport={null} />;
    case 'embed':
      return (
        <iframe
          className="sf-course-embed"
          src={playback.embedUrl}
          title={`Video: ${lesson.title}`}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
    case 'processing':
      return <p className="sf-course-note">This video is being prepared. Come back in a few minutes.</p>;
    case 'failed':
      return <p className="sf-course-note">This video is not available right now.</p>;
    case 'none':
      return null;
  }
}
