import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idPattern, multiLineText, ProductIdSchema, singleLine, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';
import { COURSE_LIMITS as L, COURSE_MESSAGES as M } from './course-messages.ts';
import { parseEmbedUrl } from '../rules/embed-url.ts';

export { COURSE_LIMITS, COURSE_MESSAGES } from './course-messages.ts';

/**
 * Courses from the creator's side (docs/courses.md): a `course` product's outline (sections with
 * their drip, lessons with their text, video and files), its students and their progress. Every
 * function checks that the store is the caller's and the product, section, lesson, file or
 * enrolment the store's: another creator's id answers exactly like one that does not exist.
 * Lesson videos and files are uploaded by HTTP (docs/courses.md "Uploads"), not by a function.
 */
const prefixedId = (prefix: string) =>
  z.string({ error: MESSAGES.generic.invalidArgument }).regex(idPattern(prefix), { error: MESSAGES.generic.invalidArgument });
export const CourseSectionIdSchema = prefixedId('csec');
export const CourseLessonIdSchema = prefixedId('les');
export const LessonFileIdSchema = prefixedId('lfile');
export const EnrolmentIdSchema = prefixedId('enr');

export const SectionTitleSchema = z.string().trim().check(singleLine).min(1, { error: M.sectionTitleRequired }).max(L.sectionTitleMax, { error: M.sectionTitleTooLong });
export const LessonTitleSchema = z.string().trim().check(singleLine).min(1, { error: M.lessonTitleRequired }).max(L.lessonTitleMax, { error: M.lessonTitleTooLong });
/** Rich text from the product editor; the server sanitises it as product descriptions are. */
export const LessonBodySchema = multiLineText().max(L.lessonBodyMax * 2, { error: M.lessonBodyTooLong });
/** A YouTube, Vimeo or Loom link in one of the forms `parseEmbedUrl` reads: the editor and the server check the same rule. */
export const EmbedUrlSchema = z
  .string()
  .trim()
  .check(singleLine)
  .min(1, { error: M.embedUrlInvalid })
  .max(L.embedUrlMax, { error: M.embedUrlInvalid })
  .refine((url) => parseEmbedUrl(url) !== null, { error: M.embedUrlInvalid });

/** When a section opens for a student: at enrolment, N days (× 24 h) after it, or on a date. */
export const DripSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('immediately') }).strict(),
  z.object({ kind: z.literal('after-days'), days: z.number().int({ error: M.dripDays }).min(L.dripDaysMin, { error: M.dripDays }).max(L.dripDaysMax, { error: M.dripDays }) }).strict(),
  z.object({ kind: z.literal('on-date'), date: z.iso.datetime({ offset: true, error: M.dripDate }) }).strict(),
]);
export type Drip = z.infer<typeof DripSchema>;

export const LESSON_VIDEO_STATUSES = ['queued', 'processing', 'ready', 'failed', 'original-only'] as const;

/** An uploaded lesson video as its creator sees it; `original-only`: ffmpeg is missing, the original plays. */
export const LessonVideoSchema = z.object({
  assetId: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(LESSON_VIDEO_STATUSES),
  progressPercent: z.number().int(),
  durationSeconds: z.number().nullable(),
  error: z.string().nullable(),
});

export const LessonFileSchema = z.object({ id: z.string(), name: z.string(), sizeBytes: z.number().int(), contentType: z.string() });

export const OutlineLessonSchema = z.object({
  id: z.string(),
  sectionId: z.string(),
  title: z.string(),
  position: z.number().int(),
  freePreview: z.boolean(),
  video: LessonVideoSchema.nullable(),
  embedUrl: z.string().nullable(),
  fileCount: z.number().int(),
  /** Share of the live students who completed it, whole percent rounded down (0 with no students). */
  completionPercent: z.number().int(),
});
export type OutlineLesson = z.infer<typeof OutlineLessonSchema>;

export const OutlineSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.number().int(),
  drip: DripSchema,
  lessons: z.array(OutlineLessonSchema),
});

/** The course outline in order, as the editor shows it. */
export const CourseOutlineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  sections: z.array(OutlineSectionSchema),
  lessonCount: z.number().int(),
  /** Students whose enrolment has not ended. */
  studentCount: z.number().int(),
  /** Students who complete every lesson may download a certificate (PDF). */
  certificateEnabled: z.boolean(),
});
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

/** One lesson with everything the lesson form edits. */
export const CreatorLessonSchema = OutlineLessonSchema.extend({ bodyHtml: z.string(), files: z.array(LessonFileSchema) });
export type CreatorLesson = z.infer<typeof CreatorLessonSchema>;

const course = { storeId: StoreIdSchema, productId: ProductIdSchema };

export const getCourseOutline = defineFunction({ name: 'getCourseOutline', access: 'creator', input: z.object(course).strict(), output: CourseOutlineSchema });

/** A new section, last, at most COURSE_LIMITS.sectionsPerCourse; opens immediately unless `drip` says otherwise. */
export const createCourseSection = defineFunction({
  name: 'createCourseSection',
  access: 'creator',
  input: z.object({ ...course, title: SectionTitleSchema, drip: DripSchema.optional() }).strict(),
  output: CourseOutlineSchema,
});

export const renameCourseSection = defineFunction({
  name: 'renameCourseSection',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, sectionId: CourseSectionIdSchema, title: SectionTitleSchema }).strict(),
  output: CourseOutlineSchema,
});

/** Deletes the section with its lessons, their files and their students' progress in them. */
export const deleteCourseSection = defineFunction({
  name: 'deleteCourseSection',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, sectionId: CourseSectionIdSchema }).strict(),
  output: CourseOutlineSchema,
});

/** Changes when the section opens, for every student (existing ones included), from now on. */
export const setSectionDrip = defineFunction({
  name: 'setSectionDrip',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, sectionId: CourseSectionIdSchema, drip: DripSchema }).strict(),
  output: CourseOutlineSchema,
});

/**
 * The whole new order: every section of the course once, each with every lesson it should hold
 * once (a lesson may move to another section). A list that is not exactly the course's current
 * sections and lessons is refused (someone else changed the outline meanwhile: reload it).
 */
export const reorderCourseOutline = defineFunction({
  name: 'reorderCourseOutline',
  access: 'creator',
  input: z
    .object({
      ...course,
      sections: z
        .array(z.object({ sectionId: CourseSectionIdSchema, lessonIds: z.array(CourseLessonIdSchema).max(L.lessonsPerCourse, { error: M.reorderMismatch }) }).strict())
        .max(L.sectionsPerCourse, { error: M.reorderMismatch }),
    })
    .strict(),
  output: CourseOutlineSchema,
});

export const getCourseLesson = defineFunction({
  name: 'getCourseLesson',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, lessonId: CourseLessonIdSchema }).strict(),
  output: CreatorLessonSchema,
});

/** A new lesson, last in its section, at most COURSE_LIMITS.lessonsPerCourse in the course. */
export const createCourseLesson = defineFunction({
  name: 'createCourseLesson',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      sectionId: CourseSectionIdSchema,
      title: LessonTitleSchema,
      bodyHtml: LessonBodySchema.default(''),
      freePreview: z.boolean().default(false),
      embedUrl: EmbedUrlSchema.nullable().default(null),
    })
    .strict(),
  output: CreatorLessonSchema,
});

/**
 * Only the fields sent change. `embedUrl: null` removes the embed; `removeVideo` detaches the
 * uploaded video (its files are deleted with it). An embed and an uploaded video never coexist.
 */
export const updateCourseLesson = defineFunction({
  name: 'updateCourseLesson',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      lessonId: CourseLessonIdSchema,
      title: LessonTitleSchema.optional(),
      bodyHtml: LessonBodySchema.optional(),
      freePreview: z.boolean().optional(),
      embedUrl: EmbedUrlSchema.nullable().optional(),
      removeVideo: z.literal(true).optional(),
    })
    .strict(),
  output: CreatorLessonSchema,
});

export const deleteCourseLesson = defineFunction({
  name: 'deleteCourseLesson',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, lessonId: CourseLessonIdSchema }).strict(),
  output: CourseOutlineSchema,
});

export const deleteLessonFile = defineFunction({
  name: 'deleteLessonFile',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, fileId: LessonFileIdSchema }).strict(),
  output: CreatorLessonSchema,
});

export const CourseStudentSchema = z.object({
  enrolmentId: z.string(),
  customerId: z.string(),
  name: z.string(),
  email: z.string(),
  enrolledAt: z.string(),
  /** A refund ended it: no access, progress kept. */
  endedAt: z.string().nullable(),
  unlockedAllAt: z.string().nullable(),
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  lastActivityAt: z.string().nullable(),
  testMode: z.boolean(),
});
export type CourseStudent = z.infer<typeof CourseStudentSchema>;

/** One page of students, newest first, and the completion rate of every lesson in course order. */
export const listCourseStudents = defineFunction({
  name: 'listCourseStudents',
  access: 'creator',
  input: z
    .object({
      ...course,
      page: z.number().int().min(1).max(10_000).default(1),
      search: z.string().trim().check(singleLine).max(L.studentSearchMax).default(''),
    })
    .strict(),
  output: z.object({
    students: z.array(CourseStudentSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    lessons: z.array(z.object({ lessonId: z.string(), title: z.string(), completedCount: z.number().int(), completionPercent: z.number().int() })),
  }),
});

/** Turns the certificate of completion on or off for the course's students. */
export const setCourseCertificate = defineFunction({
  name: 'setCourseCertificate',
  access: 'creator',
  input: z.object({ ...course, enabled: z.boolean() }).strict(),
  output: CourseOutlineSchema,
});

/** Opens every section for one student from now on; pressing it again keeps the first time. */
export const unlockCourseForStudent = defineFunction({
  name: 'unlockCourseForStudent',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, enrolmentId: EnrolmentIdSchema }).strict(),
  output: z.object({ enrolmentId: z.string(), unlockedAllAt: z.string() }),
});
