import { formatBytes, isAppError, type LessonView, type MyCourse } from '@shopfront/core';
import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { lessonPath, useMarkComplete, useMyLesson, useRecordProgress } from '../api/my-courses-api.ts';
import { opensAtText } from '../lib/course-format.ts';
import { LessonMedia } from './lesson-media.tsx';

/** One lesson: video, title, "Mark complete", text, files, previous and next. */
export function LessonPanel({ storeId, course, lessonId }: { storeId: string; course: MyCourse; lessonId: string }) {
  const lesson = useMyLesson(storeId, lessonId);
  if (lesson.isPending) return <Spinner label="Loading the lesson" />;
  if (lesson.isError) {
    const opensAt = isAppError(lesson.error) && lesson.error.code === 'failed-precondition' ? (lesson.error.details as { opensAt?: string } | null)?.opensAt : undefined;
    return (
      <Alert tone={opensAt ? 'info' : 'error'} title={opensAt ? 'This lesson is locked' : undefined}>
        {opensAt ? `${opensAtText(opensAt)}.` : errorMessage(lesson.error)}{' '}
        {opensAt ? null : (
          <button type="button" className="font-semibold underline" onClick={() => void lesson.refetch()}>
            Try again
          </button>
        )}
      </Alert>
    );
  }
  return <OpenLesson storeId={storeId} course={course} lesson={lesson.data} />;
}

function OpenLesson({ storeId, course, lesson }: { storeId: string; course: MyCourse; lesson: LessonView }) {
  const complete = useMarkComplete(storeId, lesson.id);
  const record = useRecordProgress(storeId, lesson.id);
  const listed = course.sections.flatMap((section) => section.lessons).find((item) => item.id === lesson.id);
  const completed = Boolean(lesson.progress?.completedAt) || Boolean(listed?.completed) || complete.isSuccess;
  const title = (id: string | null) => course.sections.flatMap((section) => section.lessons).find((item) => item.id === id);
  const previous = title(lesson.previousLessonId);
  const next = title(lesson.nextLessonId);

  return (
    <article aria-labelledby="lesson-title" className="space-y-5">
      <div className="-mx-4 sm:mx-0">
        <LessonMedia lesson={lesson} onReport={lesson.progress ? (positionSeconds, seeked) => record.mutate({ positionSeconds, seeked }) : null} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 id="lesson-title" className="sf-members-title min-w-0 flex-1 basis-60 break-words text-2xl font-bold tracking-tight">
          {lesson.title}
        </h1>
        {lesson.progress ? (
          completed ? (
            <p role="status" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-emerald-700">
              <span aria-hidden="true">✓</span> Completed
            </p>
          ) : (
            <Button onClick={() => complete.mutate()} disabled={complete.isPending} aria-busy={complete.isPending}>
              {complete.isPending ? 'Saving…' : 'Mark complete'}
            </Button>
          )
        ) : null}
      </div>
      {complete.isError ? <Alert>{errorMessage(complete.error)}</Alert> : null}
      {lesson.bodyHtml ? <div className="sf-prose max-w-none" dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} /> : null}
      {lesson.files.length > 0 ? (
        <section aria-labelledby="lesson-files" className="space-y-2">
          <h2 id="lesson-files" className="sf-members-title text-base font-semibold">
            Files
          </h2>
          <ul className="divide-y divide-slate-900/10 rounded-xl ring-1 ring-slate-900/10">
            {lesson.files.map((file) => (
              <li key={file.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{file.name}</span>
                  <span className="block text-xs text-slate-600">{formatBytes(file.sizeBytes)}</span>
                </span>
                <a href={file.url} download className={buttonClasses('secondary', 'min-h-10 px-3')} aria-label={`Download ${file.name}`}>
                  Download
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {previous || next ? (
        <nav aria-label="Previous and next lesson" className="flex flex-wrap justify-between gap-3 border-t border-slate-900/10 pt-4">
          {previous ? <NeighbourLink productId={course.productId} lesson={previous} label="Previous" /> : <span />}
          {next ? <NeighbourLink productId={course.productId} lesson={next} label="Next" /> : null}
        </nav>
      ) : null}
    </article>
  );
}

function NeighbourLink({ productId, lesson, label }: { productId: string; lesson: MyCourse['sections'][number]['lessons'][number]; label: 'Previous' | 'Next' }) {
  const text = (
    <>
      <span className="block text-xs font-normal">{label === 'Previous' ? '← Previous' : 'Next →'}</span>
      <span className="block max-w-56 truncate">{lesson.title}</span>
    </>
  );
  if (lesson.state === 'locked') {
    return (
      <p className={buttonClasses('secondary', 'h-auto flex-col items-start text-left opacity-70')}>
        {text}
        <span className="block text-xs font-normal">Locked · {opensAtText(lesson.opensAt)}</span>
      </p>
    );
  }
  return (
    <Link to={lessonPath(productId, lesson.id)} className={buttonClasses(label === 'Next' ? 'primary' : 'secondary', 'h-auto flex-col items-start py-2 text-left')}>
      {text}
    </Link>
  );
}
