import { formatBytes } from '@shopfront/core';
import { useEffect, useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { discardUnfinishedUpload, findUnfinishedUploads, type UnfinishedUpload, type UploadFor } from '#src/lib/resumable-upload.ts';

export interface UnfinishedUploadsState {
  list: UnfinishedUpload[];
  /** A file was picked: when it is one of these, it resumes, so it is no longer offered. */
  picked: (file: File) => void;
  discard: (item: UnfinishedUpload) => Promise<void>;
}

const sameFile = (item: UnfinishedUpload, file: { name: string; size: number }) => item.name === file.name && item.sizeBytes === file.size;

/** The uploads this browser left unfinished for `target` (a reload, a closed tab), one per file. */
export function useUnfinishedUploads(target: UploadFor): UnfinishedUploadsState {
  const [list, setList] = useState<UnfinishedUpload[]>([]);
  const { kind, storeId, parentId } = target;
  useEffect(() => {
    let current = true;
    void findUnfinishedUploads({ kind, storeId, parentId }).then((found) => {
      const unique = found.filter((item, index) => found.findIndex((other) => sameFile(other, { name: item.name, size: item.sizeBytes })) === index);
      if (current) setList(unique);
    });
    return () => {
      current = false;
    };
  }, [kind, storeId, parentId]);
  return {
    list,
    picked: (file) => setList((items) => items.filter((item) => !sameFile(item, file))),
    discard: async (item) => {
      setList((items) => items.filter((other) => !sameFile(other, { name: item.name, size: item.sizeBytes })));
      await discardUnfinishedUpload(item);
    },
  };
}

/** Offers to go on with an unfinished upload: the browser needs the file picked again (it keeps no copy). */
export function UnfinishedUploads({ state, onResume }: { state: UnfinishedUploadsState; onResume: () => void }) {
  const titleId = useId();
  if (state.list.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        Unfinished uploads
      </h4>
      <p className="text-sm text-slate-700">Choose the same file again and it goes on from where it stopped.</p>
      <ul className="mt-2 space-y-1">
        {state.list.map((item) => (
          <li key={item.urlStorageKey} className="flex flex-wrap items-center gap-2">
            <p className="min-w-40 flex-1 truncate text-sm text-slate-900">
              {item.name} <span className="text-xs text-slate-500">· {formatBytes(item.sizeBytes)}</span>
            </p>
            <Button variant="secondary" className="min-h-10 px-3" onClick={onResume} aria-label={`Resume ${item.name}`}>
              Resume
            </Button>
            <Button variant="ghost" className="min-h-10 px-3" onClick={() => void state.discard(item)} aria-label={`Discard ${item.name}`}>
              Discard
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
