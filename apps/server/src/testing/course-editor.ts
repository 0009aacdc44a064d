import type { CourseOutline, CreatorLesson, Product } from '@shopfront/core';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import type { TestCreator } from '#src/testing/creators.ts';
import { createProductAs } from '#src/testing/products.ts';
import type { TestApp } from '#src/testing/test-app.ts';

/** Course products, sections and lessons made through the creator's functions, for the course tests. */
export interface Shop {
  owner: TestCreator;
  storeId: string;
}

export const call = (t: TestApp, shop: Shop, name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: shop.owner });

export async function ok<T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
}

/** What a refused call shows: its status and message. */
export async function refusal(reply: ReturnType<typeof call>) {
  const response = await reply;
  return { status: response.statusCode, message: errorOf(response).message };
}

export const newCourse = (t: TestApp, shop: Shop, overrides: Record<string, unknown> = {}) =>
  createProductAs(t, shop.owner, shop.storeId, { type: 'course', title: 'Print at Home', priceMode: 'fixed', priceCents: 4900, ...overrides }) as Promise<Product>;

export const newSection = (t: TestApp, shop: Shop, productId: string, fields: Record<string, unknown> = {}) =>
  ok<CourseOutline>(call(t, shop, 'createCourseSection', { productId, title: 'Getting started', ...fields }));

export const newLesson = (t: TestApp, shop: Shop, sectionId: string, fields: Record<string, unknown> = {}) =>
  ok<CreatorLesson>(call(t, shop, 'createCourseLesson', { sectionId, title: 'Welcome', ...fields }));

export const outlineOf = (t: TestApp, shop: Shop, productId: string) => ok<CourseOutline>(call(t, shop, 'getCourseOutline', { productId }));

/** A course with one section and one lesson in it (so it can be published). */
export async function courseWithLesson(t: TestApp, shop: Shop, overrides: Record<string, unknown> = {}) {
  const product = await newCourse(t, shop, overrides);
  const outline = await newSection(t, shop, product.id);
  const section = outline.sections[0]!;
  const lesson = await newLesson(t, shop, section.id);
  return { product, sectionId: section.id, lessonId: lesson.id };
}

export const publish = (t: TestApp, shop: Shop, productId: string) => ok<Product>(call(t, shop, 'updateProduct', { productId, status: 'published' }));

export const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
