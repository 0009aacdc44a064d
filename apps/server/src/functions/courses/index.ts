import type { HandlerRegistry } from '../types.ts';
import { createCourseLesson } from './create-course-lesson.ts';
import { createCourseSection } from './create-course-section.ts';
import { deleteCourseLesson } from './delete-course-lesson.ts';
import { deleteCourseSection } from './delete-course-section.ts';
import { deleteLessonFile } from './delete-lesson-file.ts';
import { getCourseLesson } from './get-course-lesson.ts';
import { getCourseOutline } from './get-course-outline.ts';
import { listCourseStudents } from './list-course-students.ts';
import { renameCourseSection } from './rename-course-section.ts';
import { reorderCourseOutline } from './reorder-course-outline.ts';
import { setCourseCertificate } from './set-course-certificate.ts';
import { setSectionDrip } from './set-section-drip.ts';
import { unlockCourseForStudent } from './unlock-course-for-student.ts';
import { updateCourseLesson } from './update-course-lesson.ts';

/** A course's outline and students, from the creator's side; ../index.ts spreads them into the registry. */
export const courseHandlers = {
  getCourseOutline,
  createCourseSection,
  renameCourseSection,
  deleteCourseSection,
  setSectionDrip,
  reorderCourseOutline,
  getCourseLesson,
  createCourseLesson,
  updateCourseLesson,
  deleteCourseLesson,
  deleteLessonFile,
  listCourseStudents,
  unlockCourseForStudent,
  setCourseCertificate,
} satisfies Partial<HandlerRegistry>;
