import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { memberships } from './memberships.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { stores } from './stores.ts';

/** When a section opens for a student (decision 042): at enrolment, N days after it, or on a date. */
export const DRIP_KINDS = ['immediately', 'after-days', 'on-date'] as const;
export type DripKind = (typeof DRIP_KINDS)[number];

export const VIDEO_STATUSES = ['queued', 'processing', 'ready', 'failed', 'original-only'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** One HLS rendition of a ready video; `playlist` is relative to the asset's HLS folder. */
export interface VideoRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
}

/** A course's sections, in order. The course is a product row; its type comes with the editor. */
export const courseSections = pgTable(
  'course_sections',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    dripKind: text('drip_kind').$type<DripKind>().notNull().default('immediately'),
    dripDays: integer('drip_days'),
    dripDate: timestamptz('drip_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('course_sections_product_position_idx').on(table.productId, table.position),
    index('course_sections_store_idx').on(table.storeId),
    check(
      'course_sections_drip',
      sql`(${table.dripKind} = 'immediately' and ${table.dripDays} is null and ${table.dripDate} is null)
        or (${table.dripKind} = 'after-days' and ${table.dripDays} between 1 and 3650 and ${table.dripDate} is null)
        or (${table.dripKind} = 'on-date' and ${table.dripDays} is null and ${table.dripDate} is not null)`,
    ),
  ],
);

/**
 * An uploaded video: the original in storage and what the transcode job made of it (decision 042).
 * `transcodeRun` names the job run that owns `hls/<run>/`: a run that lost its lease never writes
 * the row's result.
 */
export const videoAssets = pgTable(
  'video_assets',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    originalKey: text('original_key').notNull(),
    originalName: text('original_name').notNull(),
    originalSizeBytes: bigint('original_size_bytes', { mode: 'number' }).notNull(),
    originalContentType: text('original_content_type').notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('queued'),
    progressPercent: integer('progress_percent').notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    posterKey: text('poster_key'),
    /** The storage folder holding master.m3u8 and one folder per rendition. */
    hlsPrefix: text('hls_prefix'),
    renditions: jsonb('renditions').$type<VideoRendition[]>().notNull().default([]),
    transcodeRun: text('transcode_run'),
    error: text('error'),
    readyAt: timestamptz('ready_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('video_assets_product_idx').on(table.productId),
    index('video_assets_store_idx').on(table.storeId),
    check('video_assets_progress', sql`${table.progressPercent} between 0 and 100`),
  ],
);

/** A lesson: text, and a video asset or an embed URL (never both), in a section. */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised on write, as product descriptions are. */
    bodyHtml: text('body_html').notNull().default(''),
    position: integer('position').notNull(),
    freePreview: boolean('free_preview').notNull().default(false),
    videoAssetId: text('video_asset_id').references(() => videoAssets.id, { onDelete: 'set null' }),
    /** A validated YouTube, Vimeo or Loom URL (core rules/embed-url.ts). */
    embedUrl: text('embed_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('course_lessons_section_position_idx').on(table.sectionId, table.position),
    index('course_lessons_product_idx').on(table.productId),
    index('course_lessons_video_idx').on(table.videoAssetId),
    check('course_lessons_one_media', sql`${table.videoAssetId} is null or ${table.embedUrl} is null`),
  ],
);

/**
 * A lesson's downloads. Not product_files: those are delivered to every buyer from the order page,
 * while a lesson's files follow the lesson's drip. Keys are `<storeId>/courses/files/<id>`.
 */
export const lessonFiles = pgTable(
  'lesson_files',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('lesson_files_lesson_idx').on(table.lessonId, table.position)],
);

/**
 * A student's access to a course. `testMode` enrolments (from test-provider orders) read "now" from
 * the store's test clock (decision 035). `endedAt` (a refund, a removal) ends access.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    enrolledAt: timestamptz('enrolled_at').notNull(),
    /** Set when the creator unlocked every section for this student. */
    unlockedAllAt: timestamptz('unlocked_all_at'),
    sourceOrderId: text('source_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** A membership whose tier includes the course: the enrolment is live only while it gives access (and no order grants the course). */
    sourceMembershipId: text('source_membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    testMode: boolean('test_mode').notNull().default(false),
    endedAt: timestamptz('ended_at'),
    /** The student's "Email me when new lessons open": on unless they turned it off. */
    lessonEmails: boolean('lesson_emails').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('course_enrolments_product_customer_idx').on(table.productId, table.customerId),
    index('course_enrolments_store_customer_idx').on(table.storeId, table.customerId),
  ],
);

/** Where a student is in a lesson (decision 042: the position moves back only on a seek). */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    enrolmentId: text('enrolment_id')
      .notNull()
      .references(() => courseEnrolments.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    completedAt: timestamptz('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.enrolmentId, table.lessonId] }),
    index('lesson_progress_enrolment_updated_idx').on(table.enrolmentId, table.updatedAt),
    index('lesson_progress_lesson_idx').on(table.lessonId),
  ],
);

/** A course's own settings beside its product row; no row means the defaults. */
export const courseSettings = pgTable(
  'course_settings',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Students who completed every lesson may download a certificate (PDF). */
    certificateEnabled: boolean('certificate_enabled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [index('course_settings_store_idx').on(table.storeId)],
);

export const UNLOCK_NOTICE_OUTCOMES = ['sent', 'opted-out', 'suppressed'] as const;
export type UnlockNoticeOutcome = (typeof UNLOCK_NOTICE_OUTCOMES)[number];

/**
 * A dripped section's opening, handled for one student: the once-key of the "new lessons
 * unlocked" email, written whether the email went or the student's preferences skipped it.
 */
export const courseUnlockNotices = pgTable(
  'course_unlock_notices',
  {
    enrolmentId: text('enrolment_id')
      .notNull()
      .references(() => courseEnrolments.id, { onDelete: 'cascade' }),
    sectionId: text('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    opensAt: timestamptz('opens_at').notNull(),
    outcome: text('outcome').$type<UnlockNoticeOutcome>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.enrolmentId, table.sectionId] }), index('course_unlock_notices_section_idx').on(table.sectionId)],
);

export type CourseSettingsRow = typeof courseSettings.$inferSelect;
export type CourseSectionRow = typeof courseSections.$inferSelect;
export type CourseLessonRow = typeof courseLessons.$inferSelect;
export type LessonFileRow = typeof lessonFiles.$inferSelect;
export type VideoAssetRow = typeof videoAssets.$inferSelect;
export type CourseEnrolmentRow = typeof courseEnrolments.$inferSelect;
export type LessonProgressRow = typeof lessonProgress.$inferSelect;
