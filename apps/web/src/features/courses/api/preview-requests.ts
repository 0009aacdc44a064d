// The storefront's course reads (getCourseSyllabus, getPreviewLesson): plain fetch without cookies and
// hand-checked answers, as the checkout's requests: the storefront script carries no zod (decision 010).
import type { CourseSyllabus, LessonView } from '@shopfront/core';

const OFFLINE = 'We could not reach the store. Check your connection and try again.';
const UNEXPECTED = 'This could not load. Please try again.';

async function publicCall(name: string, data: unknown, signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(`/fn/${name}`, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ data }), signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(OFFLINE, { cause: error });
  }
  const body = (await response.json().catch(() => null)) as { result?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok || !body || body.result === undefined) throw new Error(typeof body?.error?.message === 'string' ? body.error.message : UNEXPECTED);
  return body.result;
}

/** A published course's sections and lesson titles, with its free previews. */
export async function syllabusRequest(input: { storeId: string; productId: string }, signal?: AbortSignal, fetchImpl?: typeof fetch): Promise<CourseSyllabus> {
  const result = (await publicCall('getCourseSyllabus', input, signal, fetchImpl)) as Partial<CourseSyllabus> | null;
  if (!result || !Array.isArray(result.sections) || !result.sections.every((section) => Array.isArray(section?.lessons))) throw new Error(UNEXPECTED);
  return result as CourseSyllabus;
}

/** One free-preview lesson for a visitor (signed, expiring playback links). */
export async function previewLessonRequest(input: { storeId: string; lessonId: string }, signal?: AbortSignal, fetchImpl?: typeof fetch): Promise<LessonView> {
  const result = (await publicCall('getPreviewLesson', input, signal, fetchImpl)) as Partial<LessonView> | null;
  if (!result || typeof result.title !== 'string' || typeof result.playback?.kind !== 'string') throw new Error(UNEXPECTED);
  return result as LessonView;
}
