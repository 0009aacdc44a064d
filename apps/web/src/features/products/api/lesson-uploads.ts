import { AppError, CreatorLessonSchema, type CreatorLesson } from '@shopfront/core';
import { resumableUpload } from '#src/lib/resumable-upload.ts';
import type { UploadHandle } from '#src/lib/upload.ts';

export type LessonUploadKind = 'video' | 'files';

/**
 * The lesson's video (replacing the previous one) or one more download, resumable (decision 048):
 * answered with the lesson.
 */
export function uploadLessonMedia(
  storeId: string,
  lessonId: string,
  kind: LessonUploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  onRetrying?: (retrying: boolean) => void,
): UploadHandle<CreatorLesson> {
  return resumableUpload({
    file,
    target: { kind: kind === 'video' ? 'lessonVideo' : 'lessonFile', storeId, parentId: lessonId },
    onProgress,
    ...(onRetrying ? { onRetrying } : {}),
    read: (body) => {
      const parsed = CreatorLessonSchema.safeParse(body);
      if (!parsed.success) throw new AppError('internal');
      return parsed.data;
    },
  });
}
