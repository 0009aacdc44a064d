import type { CourseOutline, CreatorLesson, FunctionInput } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';
import { reorderInput, type OutlineOrder } from '../lib/course-outline.ts';
import { PRODUCT_KEYS } from './product-keys.ts';

/** Under the product's own key, so deleting or switching the store drops them with it. */
export const courseKeys = {
  outline: (storeId: string, productId: string) => [...PRODUCT_KEYS.one(storeId, productId), 'course-outline'] as const,
  lesson: (storeId: string, productId: string, lessonId: string) => [...PRODUCT_KEYS.one(storeId, productId), 'course-lesson', lessonId] as const,
  students: (storeId: string, productId: string, page: number, search: string) => [...PRODUCT_KEYS.one(storeId, productId), 'course-students', { page, search }] as const,
};

/** While a video is being made streamable, the outline is read again this often for its percent. */
export const TRANSCODE_POLL_MS = 3_000;

const transcoding = (outline: CourseOutline | undefined) =>
  outline?.sections.some((section) => section.lessons.some((lesson) => lesson.video?.status === 'queued' || lesson.video?.status === 'processing')) ?? false;

/** The course outline: sections in order with their lessons; polled while a video transcodes. */
export function useCourseOutline(storeId: string, productId: string | null) {
  return useQuery({
    queryKey: courseKeys.outline(storeId, productId ?? ''),
    queryFn: () => callFunction('getCourseOutline', { storeId, productId: productId ?? '' }),
    enabled: productId !== null,
    refetchInterval: (query) => (transcoding(query.state.data) ? TRANSCODE_POLL_MS : false),
  });
}

type OutlineChange =
  | { createCourseSection: FunctionInput<'createCourseSection'> }
  | { renameCourseSection: FunctionInput<'renameCourseSection'> }
  | { setSectionDrip: FunctionInput<'setSectionDrip'> }
  | { deleteCourseSection: FunctionInput<'deleteCourseSection'> }
  | { deleteCourseLesson: FunctionInput<'deleteCourseLesson'> }
  | { setCourseCertificate: FunctionInput<'setCourseCertificate'> };

function runChange(change: OutlineChange): Promise<CourseOutline> {
  if ('createCourseSection' in change) return callFunction('createCourseSection', change.createCourseSection);
  if ('renameCourseSection' in change) return callFunction('renameCourseSection', change.renameCourseSection);
  if ('setSectionDrip' in change) return callFunction('setSectionDrip', change.setSectionDrip);
  if ('setCourseCertificate' in change) return callFunction('setCourseCertificate', change.setCourseCertificate);
  if ('deleteCourseSection' in change) return callFunction('deleteCourseSection', change.deleteCourseSection);
  return callFunction('deleteCourseLesson', change.deleteCourseLesson);
}

/** Any write that answers the new outline: the answer replaces the cached one. */
export function useChangeOutline(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runChange,
    onSuccess: (outline) => queryClient.setQueryData(courseKeys.outline(storeId, productId), outline),
  });
}

/** The whole new order at once; it shows at once, and a refusal puts the server's order back. */
export function useReorderOutline(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  const key = courseKeys.outline(storeId, productId);
  return useMutation({
    mutationFn: (next: OutlineOrder) => callFunction('reorderCourseOutline', { storeId, productId, sections: reorderInput(next) }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CourseOutline>(key);
      if (before) queryClient.setQueryData<CourseOutline>(key, { ...before, sections: next });
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (outline) => queryClient.setQueryData(key, outline),
  });
}

export function useCourseLesson(storeId: string, productId: string, lessonId: string | null) {
  return useQuery({
    queryKey: courseKeys.lesson(storeId, productId, lessonId ?? ''),
    queryFn: () => callFunction('getCourseLesson', { storeId, lessonId: lessonId ?? '' }),
    enabled: lessonId !== null,
  });
}

/** Keeps a lesson the server answered, and reads the outline again (titles, video status, file counts). */
export function rememberLesson(queryClient: QueryClient, storeId: string, productId: string, lesson: CreatorLesson): void {
  queryClient.setQueryData(courseKeys.lesson(storeId, productId, lesson.id), lesson);
  void queryClient.invalidateQueries({ queryKey: courseKeys.outline(storeId, productId) });
}

type SaveLesson = { create: FunctionInput<'createCourseLesson'> } | { update: FunctionInput<'updateCourseLesson'> } | { deleteFile: FunctionInput<'deleteLessonFile'> };

export function useSaveLesson(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLesson) =>
      'create' in input ? callFunction('createCourseLesson', input.create) : 'update' in input ? callFunction('updateCourseLesson', input.update) : callFunction('deleteLessonFile', input.deleteFile),
    onSuccess: (lesson) => rememberLesson(queryClient, storeId, productId, lesson),
  });
}

export function useCourseStudents(storeId: string, productId: string, page: number, search: string) {
  return useQuery({
    queryKey: courseKeys.students(storeId, productId, page, search),
    queryFn: () => callFunction('listCourseStudents', { storeId, productId, page, search }),
    placeholderData: (previous) => previous,
  });
}

export function useUnlockStudent(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrolmentId: string) => callFunction('unlockCourseForStudent', { storeId, enrolmentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PRODUCT_KEYS.one(storeId, productId), 'course-students'] }),
  });
}
