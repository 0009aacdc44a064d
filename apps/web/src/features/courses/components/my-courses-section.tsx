import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { coursePath, lessonPath, useMyCourses } from '../api/my-courses-api.ts';
import { progressText } from '../lib/course-format.ts';

/**
 * The members home's "Your courses": each course with its progress and where to continue, then the
 * courses a membership gave that are locked now, each with the way to renew. Nothing when there are none.
 */
export function MyCoursesSection({ storeId, membershipsHref }: { storeId: string; membershipsHref: string }) {
  const courses = useMyCourses(storeId);
  if (courses.isPending) return <Spinner label="Loading your courses" />;
  if (courses.isError) {
    return (
      <Alert>
        {errorMessage(courses.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void courses.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const { locked } = courses.data;
  if (courses.data.courses.length === 0 && locked.length === 0) return null;
  return (
    <section aria-labelledby="my-courses-title" className="space-y-3">
      <h2 id="my-courses-title" className="text-lg font-semibold text-slate-900">
        Your courses
      </h2>
      <ul className="space-y-3">
        {courses.data.courses.map((course) => {
          // `continueAt` names the first lesson until the student starts: "Start" opens the outline first.
          const started = course.progress.completed > 0 || (course.continueAt?.positionSeconds ?? 0) > 0;
          return (
            <li key={course.productId} className="sf-members-item flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              {course.coverImageUrl ? <img src={course.coverImageUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" /> : null}
              <div className="min-w-0 flex-1 basis-48 space-y-1.5">
                <h3 className="font-semibold text-slate-900 wrap-anywhere">{course.title}</h3>
                <p className="text-sm text-slate-600">{progressText(course.progress)}</p>
                <ProgressBar label={`Progress in ${course.title}`} percent={course.progress.percent} />
              </div>
              <Link
                to={started && course.continueAt ? lessonPath(course.productId, course.continueAt.lessonId) : coursePath(course.productId)}
                className={buttonClasses('primary')}
                aria-label={`${started ? 'Continue' : 'Start'} ${course.title}`}
              >
                {started ? 'Continue' : 'Start'}
              </Link>
            </li>
          );
        })}
        {locked.map((course) => (
          <li key={course.productId} className="sf-members-item flex flex-wrap items-center gap-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
            {course.coverImageUrl ? <img src={course.coverImageUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover opacity-60" /> : null}
            <div className="min-w-0 flex-1 basis-48 space-y-1.5">
              <h3 className="font-semibold text-slate-900 wrap-anywhere">{course.title}</h3>
              <p className="text-sm text-slate-600">Locked: this course comes with a membership that is no longer active. Renew to continue where you left off.</p>
            </div>
            <Link to={membershipsHref} className={buttonClasses('secondary')} aria-label={`Renew your membership to continue ${course.title}`}>
              Renew
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
