import { useQueryClient } from '@tanstack/react-query';
import type { CreatorLesson } from '@shopfront/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '#src/lib/error-message.ts';
import { isCancelled, type UploadHandle } from '#src/lib/upload.ts';
import { rememberLesson } from '#src/features/products/api/course-api.ts';
import { uploadLessonMedia, type LessonUploadKind } from '#src/features/products/api/lesson-uploads.ts';
import { useUnfinishedUploads } from '../unfinished-uploads.tsx';

export interface LessonUploadState {
  name: string;
  fraction: number;
  error: string | null;
}

/** One upload at a time for a lesson's video or files: progress, cancel, the server's refusal. */
export function useLessonUpload(storeId: string, productId: string, lessonId: string, kind: LessonUploadKind) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LessonUploadState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handle = useRef<UploadHandle<CreatorLesson> | null>(null);
  const unfinished = useUnfinishedUploads({ kind: kind === 'video' ? 'lessonVideo' : 'lessonFile', storeId, parentId: lessonId });
  // Leaving the lesson keeps what the server has: the same file picked again goes on from there.
  useEffect(
    () => () => {
      const current = handle.current;
      if (current) (current.pause ?? current.abort)();
    },
    [],
  );

  const start = (file: File) => {
    setState({ name: file.name, fraction: 0, error: null });
    setAnnouncement(`Uploading ${file.name}.`);
    unfinished.picked(file);
    const current = uploadLessonMedia(
      storeId,
      lessonId,
      kind,
      file,
      (fraction) => setState((was) => (was ? { ...was, fraction } : was)),
      (reconnecting) => setAnnouncement(reconnecting ? `Connection lost. ${file.name} will go on uploading when it is back.` : `Uploading ${file.name} again.`),
    );
    handle.current = current;
    current.promise.then(
      (lesson) => {
        handle.current = null;
        rememberLesson(queryClient, storeId, productId, lesson);
        setState(null);
        setAnnouncement(`${file.name} uploaded.`);
      },
      (failure: unknown) => {
        handle.current = null;
        if (isCancelled(failure)) {
          setState(null);
          setAnnouncement(`Upload of ${file.name} cancelled.`);
        } else {
          const message = errorMessage(failure);
          setState({ name: file.name, fraction: 0, error: message });
          setAnnouncement(`${file.name} was not uploaded: ${message}`);
        }
      },
    );
  };
  return { state, announcement, start, unfinished, uploading: state !== null && state.error === null, cancel: () => handle.current?.abort(), dismiss: () => setState(null) };
}
