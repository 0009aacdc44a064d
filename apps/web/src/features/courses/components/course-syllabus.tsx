import { useCallback, useState } from 'react';
import { syllabusRequest } from '../api/preview-requests.ts';
import { formatDuration } from '../lib/course-format.ts';
import { PreviewPlayer } from './preview-player.tsx';
import { RetryAlert, usePublicRead } from './public-read.tsx';
import './course-syllabus.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A course product's storefront outline: its sections and lesson titles, locked until bought, and
 * each free-preview lesson playable here without buying. Loaded after the page (the server render
 * shows the loading line), without cookies.
 */
export function CourseSyllabus({ storeId, productId }: { storeId: string; productId: string }) {
  const [playing, setPlaying] = useState<{ id: string; title: string } | null>(null);
  const load = useCallback((signal: AbortSignal) => syllabusRequest({ storeId, productId }, signal), [storeId, productId]);
  const { answer, retry } = usePublicRead(load, 'The lessons could not load.');

  if (answer.state === 'loading') return <p className="sf-course-note">Loading the lessons…</p>;
  if (answer.state === 'error') return <RetryAlert message={answer.message} onRetry={retry} />;
  // A section without lessons yet says nothing to a visitor.
  const sections = answer.value.sections.filter((section) => section.lessons.length > 0);
  const lessons = sections.reduce((sum, section) => sum + section.lessons.length, 0);
  if (lessons === 0) return null;
  return (
    <section className="sf-course-syllabus" aria-labelledby="sf-course-syllabus-title">
      <h2 id="sf-course-syllabus-title" className="sf-course-syllabus-title">
        What’s inside
      </h2>
      <p className="sf-course-note">
        {count(sections.length, 'section', 'sections')} · {count(lessons, 'lesson', 'lessons')}
      </p>
      {playing ? <PreviewPlayer key={playing.id} storeId={storeId} lessonId={playing.id} title={playing.title} onClose={() => setPlaying(null)} /> : null}
      <ol className="sf-course-sections">
        {sections.map((section) => (
          <li key={section.id}>
            <h3 className="sf-course-section-title">{section.title}</h3>
            <ol className="sf-course-lessons">
              {section.lessons.map((lesson) => (
                <li key={lesson.id} className="sf-course-lesson">
                  {lesson.freePreview ? (
                    <button type="button" className="sf-course-lesson-play" aria-pressed={playing?.id === lesson.id} onClick={() => setPlaying({ id: lesson.id, title: lesson.title })}>
                      <PlayMark />
                      <span className="sf-course-lesson-name">{lesson.title}</span>
                      <span className="sf-course-badge">Free preview</span>
                    </button>
                  ) : (
                    <span className="sf-course-lesson-locked">
                      <LockMark />
                      <span className="sf-course-lesson-name">{lesson.title}</span> <span className="sf-sr-only">(locked until you enrol)</span>
                    </span>
                  )}
                  {lesson.durationSeconds ? <span className="sf-course-duration">{formatDuration(lesson.durationSeconds)}</span> : null}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}

function LockMark() {
  return (
    <svg className="sf-course-mark" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z" />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg className="sf-course-mark sf-course-mark-play" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.5" fill="currentColor" />
      <path fill="#fff" d="M6.5 5v6l5-3-5-3Z" />
    </svg>
  );
}
