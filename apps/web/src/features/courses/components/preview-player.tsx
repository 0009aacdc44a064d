import type { LessonView } from '@shopfront/core';
import { useEffect, useRef, useState } from 'react';
import { previewLessonRequest } from '../api/preview-requests.ts';
import { LessonVideo } from './lesson-video.tsx';

type State = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; lesson: LessonView };

/** A free-preview lesson played on the storefront: its video (or embed), title and text; nothing is recorded. Keyed by lesson by its parent. */
export function PreviewPlayer({ storeId, lessonId, title, onClose }: { storeId: string; lessonId: string; title: string; onClose: () => void }) {
  const [answer, setAnswer] = useState<State>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), [lessonId]);
  useEffect(() => {
    const controller = new AbortController();
    previewLessonRequest({ storeId, lessonId }, controller.signal).then(
      (lesson) => setAnswer({ state: 'ready', lesson }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ state: 'error', message: error instanceof Error ? error.message : 'The preview could not load.' });
      },
    );
    return () => controller.abort();
  }, [storeId, lessonId, attempt]);

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
        <p role="alert" className="sf-course-note">
          {answer.message}{' '}
          <button
          type="button"
          className="sf-course-link"
          onClick={() => {
            setAnswer({ state: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
            Try again
          </button>
        </p>
      ) : (
        <>
          <PreviewMedia lesson={answer.lesson} />
          {/* SECURITY "Content": lesson text is sanitised by the server when saved (the product description's sanitiser). */}
          {answer.lesson.bodyHtml.trim() ? <div className="sf-prose sf-course-body" dangerouslySetInnerHTML={{ __html: answer.lesson.bodyHtml }} /> : null}
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
