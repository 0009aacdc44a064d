import { MESSAGES } from '../messages.ts';

/** The limits of a course's outline and its functions (docs/courses.md), checked on both sides. */
export const COURSE_LIMITS = Object.freeze({
  sectionsPerCourse: 50,
  lessonsPerCourse: 500,
  sectionTitleMax: 100,
  lessonTitleMax: 120,
  /** Sanitised HTML, counted after sanitising (the input may be twice as long before). */
  lessonBodyMax: 50_000,
  filesPerLesson: 10,
  /** The database allows 1 to 3650 days (ten years). */
  dripDaysMin: 1,
  dripDaysMax: 3650,
  embedUrlMax: 500,
  /** A progress report's position: more than a day is not a lesson. */
  positionSecondsMax: 24 * 60 * 60,
  studentsPageSize: 50,
  studentSearchMax: 100,
});

const L = COURSE_LIMITS;

/** What course functions answer; another store's or customer's id answers exactly like a missing one. */
export const COURSE_MESSAGES = Object.freeze({
  courseNotFound: 'Course not found',
  sectionNotFound: 'Section not found',
  lessonNotFound: 'Lesson not found',
  fileNotFound: 'File not found',
  studentNotFound: 'Student not found',
  notFound: MESSAGES.generic.notFound,
  sectionTitleRequired: 'Section title is required',
  sectionTitleTooLong: `Section title must be less than ${L.sectionTitleMax + 1} characters`,
  lessonTitleRequired: 'Lesson title is required',
  lessonTitleTooLong: `Lesson title must be less than ${L.lessonTitleMax + 1} characters`,
  lessonBodyTooLong: 'Lesson text is too long',
  tooManySections: `A course can have at most ${L.sectionsPerCourse} sections`,
  tooManyLessons: `A course can have at most ${L.lessonsPerCourse} lessons`,
  tooManyFiles: `A lesson can have at most ${L.filesPerLesson} files`,
  dripDays: `A section opens ${L.dripDaysMin} to ${L.dripDaysMax} days after enrolment`,
  dripDate: 'Choose the date the section opens',
  embedUrlInvalid: 'Use a YouTube, Vimeo or Loom link',
  embedAndVideo: 'A lesson has an uploaded video or an embedded one, not both. Remove the video first.',
  videoAndEmbed: 'A lesson has an uploaded video or an embedded one, not both. Remove the embed first.',
  reorderMismatch: 'The list must name each of the course’s sections and lessons once',
  publishNeedsLesson: 'Add a lesson before publishing this course',
  lastLesson: 'A published course needs a lesson. Unpublish it first, or add another lesson.',
  notEnrolled: 'This lesson is part of a course you are not enrolled in.',
  courseNotEnrolled: 'You are not enrolled in this course.',
  locked: 'This lesson is not open yet.',
  keepProgress: 'Enrol in the course to keep your progress.',
  notPreview: 'This lesson is not a free preview.',
  positionInvalid: `A position is 0 to ${L.positionSecondsMax} seconds`,
  certificateOff: 'This course does not offer a certificate.',
  certificateIncomplete: 'Complete every lesson to get your certificate.',
});
