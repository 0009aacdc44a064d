import { memberCoursePath } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '#src/lib/call-function.ts';

/** Per store, so a customer signed in to two stores never sees one's courses in the other. */
export const myCourseKeys = {
  all: (storeId: string) => ['members', 'courses', storeId] as const,
  list: (storeId: string) => [...myCourseKeys.all(storeId), 'list'] as const,
  course: (storeId: string, productId: string) => [...myCourseKeys.all(storeId), 'course', productId] as const,
  lesson: (storeId: string, lessonId: string) => [...myCourseKeys.all(storeId), 'lesson', lessonId] as const,
};

/** The members-area paths of a course and of one of its lessons (inside the members router). */
export const coursePath = (productId: string) => memberCoursePath(productId);
export const lessonPath = (productId: string, lessonId: string) => `${memberCoursePath(productId)}/lessons/${encodeURIComponent(lessonId)}`;

export function useMyCourses(storeId: string) {
  return useQuery({ queryKey: myCourseKeys.list(storeId), queryFn: () => callFunction('listMyCourses', { storeId }), enabled: storeId !== '' });
}

export function useMyCourse(storeId: string, productId: string) {
  return useQuery({ queryKey: myCourseKeys.course(storeId, productId), queryFn: () => callFunction('getMyCourse', { storeId, productId }), retry: false });
}

/** One lesson with its signed playback links; they expire, so it is never kept long. */
export function useMyLesson(storeId: string, lessonId: string) {
  return useQuery({ queryKey: myCourseKeys.lesson(storeId, lessonId), queryFn: () => callFunction('getMyLesson', { storeId, lessonId }), retry: false, staleTime: 0, gcTime: 60_000 });
}

/** "Mark complete": the course's progress is read again after it. */
export function useMarkComplete(storeId: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('markLessonComplete', { storeId, lessonId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCourseKeys.all(storeId) }),
  });
}

/** The player's position report; a report that completes the lesson refreshes the course's progress. */
export function useRecordProgress(storeId: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: { positionSeconds: number; seeked: boolean }) => callFunction('recordLessonProgress', { storeId, lessonId, ...report }),
    onSuccess: (stored, _report) => {
      const wasComplete = queryClient.getQueryData<{ progress: { completedAt: string | null } | null }>(myCourseKeys.lesson(storeId, lessonId))?.progress?.completedAt;
      if (stored.completedAt && !wasComplete) void queryClient.invalidateQueries({ queryKey: myCourseKeys.all(storeId) });
    },
  });
}

/** The student's "Email me when new lessons open"; the course is read again after it. */
export function useSetLessonEmails(storeId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonEmails: boolean) => callFunction('setMyCourseEmails', { storeId, productId, lessonEmails }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCourseKeys.course(storeId, productId) }),
  });
}
