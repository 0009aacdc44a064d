import { z } from 'zod';
import { ProductIdSchema, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';
import { COURSE_LIMITS as L, COURSE_MESSAGES as M } from './course-messages.ts';
import { CourseLessonIdSchema } from './courses.ts';

/**
 * Courses from the student's side (docs/courses.md "Taking a course"): the signed-in store
 * customer's courses in the members area, per store. A course or lesson the customer is not
 * enrolled in (another store's, another customer's) answers like one that does not exist; a
 * dripped lesson answers `failed-precondition` with `details.opensAt`. Free-preview lessons are
 * also readable without a session through `getPreviewLesson` (the storefront).
 */

const ProgressSchema = z.object({ completed: z.number().int(), total: z.number().int(), percent: z.number().int() });

export const MyCourseSummarySchema = z.object({
  productId: z.string(),
  title: z.string(),
  coverImageUrl: z.string().nullable(),
  enrolledAt: z.string(),
  progress: ProgressSchema,
  /** The lesson to open next: the one touched last (and where in it), else the first. */
  continueAt: z.object({ lessonId: z.string(), positionSeconds: z.number() }).nullable(),
});
export type MyCourseSummary = z.infer<typeof MyCourseSummarySchema>;

/**
 * The customer's live enrolments in this store, most recent first; and the courses a membership
 * gave them that are locked now (the membership ended or paused, or the tier no longer includes
 * the course), with their progress kept for when they renew.
 */
export const listMyCourses = defineFunction({
  name: 'listMyCourses',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({
    courses: z.array(MyCourseSummarySchema),
    locked: z.array(z.object({ productId: z.string(), title: z.string(), coverImageUrl: z.string().nullable() })),
  }),
});

export const MyCourseLessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  freePreview: z.boolean(),
  /** `open`: readable now; `locked`: opens at `opensAt` (the section's drip for this student). */
  state: z.enum(['open', 'locked']),
  opensAt: z.string().nullable(),
  media: z.enum(['video', 'embed', 'none']),
  durationSeconds: z.number().nullable(),
  completed: z.boolean(),
  positionSeconds: z.number(),
});

export const MyCourseSchema = z.object({
  productId: z.string(),
  title: z.string(),
  coverImageUrl: z.string().nullable(),
  enrolledAt: z.string(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      open: z.boolean(),
      /** When it opens (or opened) for this student. */
      opensAt: z.string(),
      progress: ProgressSchema,
      lessons: z.array(MyCourseLessonSchema),
    }),
  ),
  progress: ProgressSchema,
  continueAt: z.object({ lessonId: z.string(), positionSeconds: z.number() }).nullable(),
  /** `off`: the creator offers none; `incomplete`: not every lesson is done; `ready`: download it (courseCertificatePath). */
  certificate: z.enum(['off', 'incomplete', 'ready']),
  /** The student's "Email me when new lessons open". */
  lessonEmails: z.boolean(),
});
export type MyCourse = z.infer<typeof MyCourseSchema>;

export const getMyCourse = defineFunction({
  name: 'getMyCourse',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: MyCourseSchema,
});

/** How the lesson's video plays: links are signed for this student (or the preview) and expire. */
export const LessonPlaybackSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hls'), masterUrl: z.string(), posterUrl: z.string().nullable(), durationSeconds: z.number().nullable() }),
  /** ffmpeg was missing: the original file, played with Range requests. */
  z.object({ kind: z.literal('original'), url: z.string(), contentType: z.string() }),
  z.object({ kind: z.literal('processing'), percent: z.number().int() }),
  z.object({ kind: z.literal('failed') }),
  z.object({ kind: z.literal('embed'), embedUrl: z.string() }),
  z.object({ kind: z.literal('none') }),
]);
export type LessonPlayback = z.infer<typeof LessonPlaybackSchema>;

export const LessonViewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  /** Sanitised when saved. */
  bodyHtml: z.string(),
  freePreview: z.boolean(),
  playback: LessonPlaybackSchema,
  /** Signed, expiring download links (`Content-Disposition: attachment`). */
  files: z.array(z.object({ id: z.string(), name: z.string(), sizeBytes: z.number().int(), contentType: z.string(), url: z.string() })),
  /** Null for a visitor of a free preview: only an enrolment keeps progress. */
  progress: z.object({ positionSeconds: z.number(), completedAt: z.string().nullable() }).nullable(),
  /** The neighbouring lessons in course order (locked or not), for next and previous. */
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
});
export type LessonView = z.infer<typeof LessonViewSchema>;

const lessonInput = z.object({ storeId: StoreIdSchema, lessonId: CourseLessonIdSchema }).strict();

export const getMyLesson = defineFunction({ name: 'getMyLesson', access: 'customer', input: lessonInput, output: LessonViewSchema });

/** A free-preview lesson of a published course, for any visitor (no progress). */
export const getPreviewLesson = defineFunction({ name: 'getPreviewLesson', access: 'public', input: lessonInput, output: LessonViewSchema });

const StoredProgressSchema = z.object({ lessonId: z.string(), positionSeconds: z.number(), completedAt: z.string().nullable() });

/**
 * The player's report: the position only moves forward unless `seeked` (the student moved back on
 * purpose); reaching 90 % of the video completes the lesson, and nothing un-completes it.
 */
export const recordLessonProgress = defineFunction({
  name: 'recordLessonProgress',
  access: 'customer',
  input: z
    .object({
      storeId: StoreIdSchema,
      lessonId: CourseLessonIdSchema,
      positionSeconds: z.number({ error: M.positionInvalid }).min(0, { error: M.positionInvalid }).max(L.positionSecondsMax, { error: M.positionInvalid }),
      seeked: z.boolean().default(false),
    })
    .strict(),
  output: StoredProgressSchema,
});

/** The "Mark complete" button. */
export const markLessonComplete = defineFunction({ name: 'markLessonComplete', access: 'customer', input: lessonInput, output: StoredProgressSchema });

/** The student's "Email me when new lessons open" for one course. */
export const setMyCourseEmails = defineFunction({
  name: 'setMyCourseEmails',
  access: 'customer',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, lessonEmails: z.boolean() }).strict(),
  output: z.object({ lessonEmails: z.boolean() }),
});

/** A published course's outline for any visitor of its product page: titles only, and which lessons are free previews. */
export const CourseSyllabusSchema = z.object({
  productId: z.string(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      lessons: z.array(z.object({ id: z.string(), title: z.string(), freePreview: z.boolean(), media: z.enum(['video', 'embed', 'none']), durationSeconds: z.number().nullable() })),
    }),
  ),
});
export type CourseSyllabus = z.infer<typeof CourseSyllabusSchema>;

export const getCourseSyllabus = defineFunction({
  name: 'getCourseSyllabus',
  access: 'public',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: CourseSyllabusSchema,
});

/** The certificate of completion (PDF) of one course, with the store's members-area session. */
export const courseCertificatePath = (storeId: string, productId: string): string =>
  `/api/stores/${encodeURIComponent(storeId)}/members/courses/${encodeURIComponent(productId)}/certificate.pdf`;

/** The members-area page of one course, under the store's members path (`…/members/courses/<productId>`). */
export const memberCoursePath = (productId: string): string => `/courses/${encodeURIComponent(productId)}`;
