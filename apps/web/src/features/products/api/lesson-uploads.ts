import { AppError, CreatorLessonSchema, type CreatorLesson } from '@shopfront/core';
import { upload, type UploadHandle } from '#src/lib/upload.ts';

export type LessonUploadKind = 'video' | 'files';

/**
 * `PUT /api/stores/:storeId/courses/lessons/:lessonId/video` (the lesson's video, replacing the
 * previous one) or `…/files` (one more download): one file, answered with the lesson.
 */
export function uploadLessonMedia(storeId: string, lessonId: string, kind: LessonUploadKind, file: File, onProgress: (fraction: number) => void): UploadHandle<CreatorLesson> {
  return upload({
    method: 'PUT',
    url: `/api/stores/${encodeURIComponent(storeId)}/courses/lessons/${encodeURIComponent(lessonId)}/${kind}`,
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) },
    onProgress,
    read: (body) => {
      const parsed = CreatorLessonSchema.safeParse(body);
      if (!parsed.success) throw new AppError('internal');
      return parsed.data;
    },
  });
}
