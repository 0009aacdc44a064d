import type { MyCourse } from '@shopfront/core';
import { Link } from 'react-router';
import { cn } from '#src/components/ui/cn.ts';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { lessonPath } from '../api/my-courses-api.ts';
import { formatDuration, opensAtText } from '../lib/course-format.ts';

/** The course's sections and lessons: open ones link, locked ones say when they open. */
export function LessonList({ course, currentLessonId, onPick }: { course: MyCourse; currentLessonId: string | null; onPick?: () => void }) {
  return (
    <nav aria-label="Lessons" className="space-y-5">
      {course.sections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="space-y-2">
          <div>
            <h2 id={`section-${section.id}`} className="sf-members-title text-base font-semibold">
              {section.title}
            </h2>
            <p className="text-xs text-slate-600">{section.open ? `${section.progress.completed} of ${section.progress.total} done` : opensAtText(section.opensAt)}</p>
            {section.open ? <ProgressBar label={`Progress in ${section.title}`} percent={section.progress.percent} className="mt-1 h-1.5" /> : null}
          </div>
          <ol className="space-y-1">
            {section.lessons.map((lesson) => {
              const current = lesson.id === currentLessonId;
              const meta = [lesson.durationSeconds ? formatDuration(lesson.durationSeconds) : null, lesson.state === 'locked' ? opensAtText(lesson.opensAt) : null].filter(Boolean).join(' · ');
              const body = (
                <>
                  <StateMark completed={lesson.completed} locked={lesson.state === 'locked'} />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words text-sm font-medium">{lesson.title}</span>
                    {meta ? <span className="block text-xs text-slate-600">{meta}</span> : null}
                  </span>
                  <span className="sr-only">{lesson.state === 'locked' ? ', locked' : lesson.completed ? ', completed' : ''}</span>
                </>
              );
              return (
                <li key={lesson.id}>
                  {lesson.state === 'locked' ? (
                    <div className="flex min-h-11 items-start gap-3 rounded-lg px-2 py-2 text-slate-500">{body}</div>
                  ) : (
                    <Link
                      to={lessonPath(course.productId, lesson.id)}
                      onClick={onPick}
                      aria-current={current ? 'page' : undefined}
                      className={cn('flex min-h-11 items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-900/5', current && 'bg-slate-900/10 font-semibold')}
                    >
                      {body}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}

function StateMark({ completed, locked }: { completed: boolean; locked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs ring-1', completed ? 'bg-emerald-600 text-white ring-emerald-600' : 'ring-slate-300')}
    >
      {completed ? (
        '✓'
      ) : locked ? (
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-3">
          <path d="M6 8V6a4 4 0 1 1 8 0v2h1v9H5V8zm2 0h4V6a2 2 0 1 0-4 0z" />
        </svg>
      ) : null}
    </span>
  );
}
