import type { HandlerRegistry } from '../types.ts';
import { getCourseSyllabus } from './get-course-syllabus.ts';
import { getMyCourse } from './get-my-course.ts';
import { getMyLesson } from './get-my-lesson.ts';
import { getPreviewLesson } from './get-preview-lesson.ts';
import { listMyCourses } from './list-my-courses.ts';
import { markLessonComplete } from './mark-lesson-complete.ts';
import { recordLessonProgress } from './record-lesson-progress.ts';
import { setMyCourseEmails } from './set-my-course-emails.ts';

/** Courses from the student's side (the members area, and free previews); ../index.ts spreads them into the registry. */
export const memberCourseHandlers = {
  listMyCourses,
  getMyCourse,
  getMyLesson,
  getPreviewLesson,
  recordLessonProgress,
  markLessonComplete,
  setMyCourseEmails,
  getCourseSyllabus,
} satisfies Partial<HandlerRegistry>;
