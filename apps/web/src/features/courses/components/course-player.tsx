import type { MyCourse } from '@shopfront/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { coursePath, lessonPath, useMyCourse } from '../api/my-courses-api.ts';
import { formatDuration, progressText } from '../lib/course-format.ts';
import { CertificateLink, LessonEmailsSwitch } from './course-extras.tsx';
import { LessonList } from './lesson-list.tsx';
import { LessonPanel } from './lesson-panel.tsx';

interface CoursePlayerProps {
  storeId: string;
  productId: string;
  /** Null: the course's own page (overview, continue where you left off). */
  lessonId: string | null;
  /** The members home, for "Your library". */
  homeHref: string;
}

/**
 * The course in the members area: the lesson list beside the lesson on wide screens, and in a
 * drawer (a focus-trapping dialog) on phones, where the video takes the full width.
 */
export function CoursePlayer({ storeId, productId, lessonId, homeHref }: CoursePlayerProps) {
  const course = useMyCourse(storeId, productId);
  const [drawer, setDrawer] = useState(false);
  if (course.isPending) return <Spinner label="Loading the course" />;
  if (course.isError) {
    return (
      <div className="space-y-4">
        <Alert>{errorMessage(course.error)}</Alert>
        <Link to={homeHref} className={buttonClasses('secondary')}>
          ← Your library
        </Link>
      </div>
    );
  }
  const data = course.data;
  return (
    <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
      <aside aria-label="Course contents" className="hidden space-y-5 lg:block">
        <CourseSummary course={data} homeHref={homeHref} />
        {lessonId ? <CertificateLink storeId={storeId} course={data} /> : null}
        <LessonList course={data} currentLessonId={lessonId} />
      </aside>
      <div className="min-w-0 space-y-5">
        {lessonId ? (
          <div className="flex items-center justify-between gap-3 lg:hidden">
            <Link to={coursePath(productId)} className="min-w-0 truncate text-sm font-semibold underline-offset-2 hover:underline">
              {data.title}
            </Link>
            <Button variant="secondary" className="shrink-0" onClick={() => setDrawer(true)} aria-haspopup="dialog">
              Lessons · {data.progress.percent}%
            </Button>
          </div>
        ) : null}
        {lessonId ? <LessonPanel key={lessonId} storeId={storeId} course={data} lessonId={lessonId} /> : <CourseOverview storeId={storeId} course={data} homeHref={homeHref} />}
      </div>
      <Dialog open={drawer} onClose={() => setDrawer(false)} title={data.title} description={progressText(data.progress)}>
        <LessonList course={data} currentLessonId={lessonId} onPick={() => setDrawer(false)} />
      </Dialog>
    </div>
  );
}

function CourseSummary({ course, homeHref }: { course: MyCourse; homeHref: string }) {
  return (
    <div className="space-y-2">
      <Link to={homeHref} className="inline-flex min-h-10 items-center text-sm font-semibold">
        ← Your library
      </Link>
      <p className="sf-members-title break-words text-lg font-bold">{course.title}</p>
      <p className="text-sm text-slate-600">{progressText(course.progress)}</p>
      <ProgressBar label={`Progress in ${course.title}`} percent={course.progress.percent} />
    </div>
  );
}

/** The course's own page: progress, "Continue where you left off" (or start), and on phones the lessons. */
function CourseOverview({ storeId, course, homeHref }: { storeId: string; course: MyCourse; homeHref: string }) {
  const lessons = course.sections.flatMap((section) => section.lessons);
  const resume = course.continueAt ? lessons.find((lesson) => lesson.id === course.continueAt?.lessonId) : undefined;
  const first = lessons.find((lesson) => lesson.state === 'open');
  // `continueAt` names the first lesson until the student starts.
  const started = course.progress.completed > 0 || (course.continueAt?.positionSeconds ?? 0) > 0;
  return (
    <div className="space-y-6">
      <div className="space-y-3 lg:hidden">
        <Link to={homeHref} className="inline-flex min-h-10 items-center text-sm font-semibold">
          ← Your library
        </Link>
      </div>
      <div className="space-y-2">
        <h1 className="sf-members-title break-words text-2xl font-bold tracking-tight">{course.title}</h1>
        <p className="text-sm text-slate-600">{progressText(course.progress)}</p>
        <ProgressBar label={`Progress in ${course.title}`} percent={course.progress.percent} />
      </div>
      {started && resume && course.continueAt ? (
        <Link to={lessonPath(course.productId, resume.id)} className={buttonClasses('primary', 'h-auto flex-col items-start py-3 text-left')}>
          <span>Continue where you left off</span>
          <span className="text-xs font-normal">
            {resume.title}
            {course.continueAt.positionSeconds > 0 ? ` · at ${formatDuration(course.continueAt.positionSeconds)}` : ''}
          </span>
        </Link>
      ) : first ? (
        <Link to={lessonPath(course.productId, resume?.state === 'open' ? resume.id : first.id)} className={buttonClasses('primary')}>
          Start the course
        </Link>
      ) : (
        <p className="text-sm text-slate-600">No lesson is open yet. The list below says when each one opens.</p>
      )}
      <CertificateLink storeId={storeId} course={course} />
      <LessonEmailsSwitch storeId={storeId} course={course} />
      <div className="lg:hidden">
        <LessonList course={course} currentLessonId={null} />
      </div>
    </div>
  );
}
