import { formatBytes, type Product, PRODUCT_LIMITS, PRODUCT_MESSAGES, type ProductFile } from '@shopfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { CancelUploadDialog } from './cancel-upload-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { rememberProduct, useDeleteProductFile } from '../api/products-api.ts';
import { productFileTarget, uploadProductFile } from '../api/product-uploads.ts';
import { UnfinishedUploads, useUnfinishedUploads } from './unfinished-uploads.tsx';
import { isCancelled, type UploadHandle } from '#src/lib/upload.ts';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';

interface Upload {
  key: number;
  name: string;
  sizeBytes: number;
  fraction: number;
  /** The connection dropped; the upload tries again by itself and goes on from where the server is. */
  reconnecting: boolean;
  error: string | null;
  handle: UploadHandle<Product> | null;
}

/** A download's files (digital download or lead magnet): upload several at once, each with progress and cancel; delete with confirm. */
export function FilesSection({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [deleting, setDeleting] = useState<ProductFile | null>(null);
  const [cancelling, setCancelling] = useState<Upload | null>(null);
  const removeFile = useDeleteProductFile(product.storeId, product.id);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const live = useRef(new Set<UploadHandle<Product>>());
  const unfinished = useUnfinishedUploads(productFileTarget(product.storeId, product.id));

  useEffect(() => {
    const handles = live.current;
    // Leaving the page keeps what the server has: the same file picked again later goes on from there.
    return () => handles.forEach((handle) => (handle.pause ?? handle.abort)());
  }, []);

  const patch = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const drop = (key: number) => setUploads((list) => list.filter((item) => item.key !== key));

  const start = (files: File[]) => {
    const room = PRODUCT_LIMITS.filesPerProduct - product.files.length - uploads.filter((item) => !item.error).length;
    if (files.length > room) {
      setAnnouncement(PRODUCT_MESSAGES.tooManyFiles);
      files = files.slice(0, Math.max(0, room));
    }
    for (const file of files) {
      const key = nextKey.current++;
      const handle = uploadProductFile(
        product.storeId,
        product.id,
        file,
        (fraction) => patch(key, { fraction }),
        (reconnecting) => {
          patch(key, { reconnecting });
          setAnnouncement(reconnecting ? `Connection lost. ${file.name} will go on uploading when it is back.` : `Uploading ${file.name} again.`);
        },
      );
      live.current.add(handle);
      setUploads((list) => [...list, { key, name: file.name, sizeBytes: file.size, fraction: 0, reconnecting: false, error: null, handle }]);
      unfinished.picked(file);
      handle.promise.then(
        (updated) => {
          live.current.delete(handle);
          rememberProduct(queryClient, updated);
          drop(key);
          setAnnouncement(`${file.name} uploaded.`);
        },
        (failure: unknown) => {
          live.current.delete(handle);
          if (isCancelled(failure)) {
            drop(key);
            setAnnouncement(`Upload of ${file.name} cancelled.`);
          } else {
            const message = errorMessage(failure);
            patch(key, { error: message, handle: null });
            setAnnouncement(`${file.name} was not uploaded: ${message}`);
          }
        },
      );
    }
  };

  const full = product.files.length >= PRODUCT_LIMITS.filesPerProduct;

  return (
    <div className="space-y-3">
      {product.files.length === 0 && uploads.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No files yet. Add what buyers download: a PDF, a ZIP, audio, anything.</p>
      ) : null}
      {product.files.length > 0 ? (
        <ul aria-label="Files" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {product.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <FileIcon />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-500">{formatBytes(file.sizeBytes)}</p>
              </div>
              <button
                type="button"
                onClick={() => setDeleting(file)}
                aria-label={`Delete ${file.name}`}
                className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <UnfinishedUploads state={unfinished} onResume={() => input.current?.click()} />
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((item) => {
            const percent = Math.round(item.fraction * 100);
            return (
              <li key={item.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <div className="flex items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{item.name}</p>
                    <p className={item.error ? 'text-sm font-medium text-red-600' : 'text-xs text-slate-500'}>
                      {item.error ?? `${formatBytes(item.sizeBytes)} · ${percent}%${item.reconnecting ? ' · Connection lost, trying again…' : ''}`}
                    </p>
                  </div>
                  {item.handle ? (
                    <Button variant="ghost" className="min-h-10 px-3" onClick={() => setCancelling(item)} aria-label={`Cancel upload of ${item.name}`}>
                      Cancel
                    </Button>
                  ) : (
                    <Button variant="ghost" className="min-h-10 px-3" onClick={() => drop(item.key)} aria-label={`Dismiss ${item.name}`}>
                      Dismiss
                    </Button>
                  )}
                </div>
                {item.error ? null : (
                  <ProgressBar label={`Uploading ${item.name}`} percent={percent} className="mt-2" />
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="product-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) start(files);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={full}>
        + Add files
      </Button>
      <p aria-live="polite" className="text-sm text-slate-600">
        {full ? PRODUCT_MESSAGES.tooManyFiles : announcement}
      </p>

      <CancelUploadDialog
        name={cancelling?.name ?? null}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          cancelling?.handle?.abort();
          setCancelling(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this file'}?`}
        description="The file is removed from this product. Buyers will no longer be able to download it."
        confirmLabel="Delete file"
        pendingLabel="Deleting…"
        pending={removeFile.isPending}
        error={removeFile.isError ? errorMessage(removeFile.error) : null}
        onClose={() => {
          setDeleting(null);
          removeFile.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          removeFile.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(`${name} deleted.`);
            },
          });
        }}
      />
    </div>
  );
}

function FileIcon() {
  return (
    <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-5">
        <path d="M14 3H6v18h12V7zM14 3v4h4" />
      </svg>
    </span>
  );
}
