// Exports the tenancy checks of the creator's course functions: the caller's course, section, lesson, lesson file.
import { AppError, COURSE_MESSAGES as M } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { courseLessons, courseSections, lessonFiles, products, type CourseLessonRow, type CourseSectionRow, type LessonFileRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { ARCHIVED_PRODUCT_MESSAGE } from '#src/domain/products/get-owned-product.ts';

interface Owned {
  userId: string;
  storeId: string;
  /** Inside a transaction: lock the course's product row until it commits (outline writes queue on it). */
  lock?: boolean;
}

export interface OwnedCourse {
  store: StoreRow;
  product: ProductRow;
}

/**
 * SECURITY "Tenancy": the caller's store, then a course product within it. Another store's
 * product, and a product that is not a course, answer exactly like a missing one.
 */
export async function getOwnedCourse(db: Executor, options: Owned & { productId: string }): Promise<OwnedCourse> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  return { store, product: await courseOf(db, { storeId: store.id, productId: options.productId, lock: options.lock }) };
}

async function courseOf(db: Executor, options: { storeId: string; productId: string; lock?: boolean | undefined }): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId), eq(products.type, 'course')))
    .limit(1);
  const [product] = options.lock ? await query.for('update') : await query;
  if (!product) throw new AppError('not-found', M.courseNotFound);
  return product;
}

/** Writes change what past buyers were sold only while the course is on sale or a draft. */
export function assertCourseEditable(product: ProductRow): void {
  if (product.status === 'archived') throw new AppError('failed-precondition', ARCHIVED_PRODUCT_MESSAGE);
}

export async function getOwnedSection(db: Executor, options: Owned & { sectionId: string }): Promise<OwnedCourse & { section: CourseSectionRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [section] = await db
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.id, options.sectionId), eq(courseSections.storeId, store.id)))
    .limit(1);
  if (!section) throw new AppError('not-found', M.sectionNotFound);
  return { store, product: await courseOf(db, { storeId: store.id, productId: section.productId, lock: options.lock }), section };
}

export async function getOwnedLesson(db: Executor, options: Owned & { lessonId: string }): Promise<OwnedCourse & { lesson: CourseLessonRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [lesson] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.id, options.lessonId), eq(courseLessons.storeId, store.id)))
    .limit(1);
  if (!lesson) throw new AppError('not-found', M.lessonNotFound);
  return { store, product: await courseOf(db, { storeId: store.id, productId: lesson.productId, lock: options.lock }), lesson };
}

export async function getOwnedLessonFile(db: Executor, options: Owned & { fileId: string }): Promise<OwnedCourse & { lesson: CourseLessonRow; file: LessonFileRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const [row] = await db
    .select({ file: lessonFiles, lesson: courseLessons })
    .from(lessonFiles)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonFiles.lessonId))
    .where(and(eq(lessonFiles.id, options.fileId), eq(lessonFiles.storeId, store.id)))
    .limit(1);
  if (!row) throw new AppError('not-found', M.fileNotFound);
  return { store, product: await courseOf(db, { storeId: store.id, productId: row.lesson.productId, lock: options.lock }), lesson: row.lesson, file: row.file };
}
