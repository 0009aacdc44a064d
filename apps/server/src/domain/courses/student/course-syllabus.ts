// Exports getCourseSyllabus: a published course's outline for its storefront page.
import { AppError, COURSE_MESSAGES as M, type CourseSyllabus } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products, videoAssets } from '#src/db/schema/index.ts';
import { findCourseLessons, findCourseSections } from '../creator/course-outline-view.ts';

/**
 * Section and lesson titles, which lessons are free previews, and their media and length: what a
 * visitor may know before buying (never the lesson text, files or video links). Only a published
 * course of the store answers; a draft, another store's or a missing product is "Course not found".
 */
export async function getCourseSyllabus(db: Database, options: { storeId: string; productId: string }): Promise<CourseSyllabus> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId), eq(products.type, 'course'), eq(products.status, 'published')));
  if (!product) throw new AppError('not-found', M.courseNotFound);
  const [sections, lessons] = await Promise.all([findCourseSections(db, product.id), findCourseLessons(db, product.id)]);
  const assetIds = lessons.flatMap((lesson) => (lesson.videoAssetId ? [lesson.videoAssetId] : []));
  const assets = assetIds.length
    ? await db.select({ id: videoAssets.id, durationSeconds: videoAssets.durationSeconds }).from(videoAssets).where(and(inArray(videoAssets.id, assetIds), eq(videoAssets.storeId, options.storeId)))
    : [];
  const durationOf = new Map(assets.map((asset) => [asset.id, asset.durationSeconds]));
  return {
    productId: product.id,
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: lessons
        .filter((lesson) => lesson.sectionId === section.id)
        .map((lesson) => ({
          id: lesson.id,
          title: lesson.title,
          freePreview: lesson.freePreview,
          media: lesson.videoAssetId ? ('video' as const) : lesson.embedUrl ? ('embed' as const) : ('none' as const),
          durationSeconds: lesson.videoAssetId ? (durationOf.get(lesson.videoAssetId) ?? null) : null,
        })),
    })),
  };
}
