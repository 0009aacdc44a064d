import type { EmailSegment } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAudienceProducts, useDeleteSegment, useEmailSegments } from '../api/audience-api.ts';
import { describeFilter } from '../segment-form.ts';
import { SegmentDialog } from './segment-dialog.tsx';

export const EMPTY_SEGMENTS_TEXT = 'No segments yet. Without one, a campaign goes to everyone who agreed to marketing email.';

const number = new Intl.NumberFormat('en-US');

/** The store's segments: name, who it reaches, edit and delete; "New segment" opens the builder. */
export function SegmentsSection({ storeId }: { storeId: string }) {
  const segments = useEmailSegments(storeId);
  const products = useAudienceProducts(storeId);
  const remove = useDeleteSegment(storeId);
  const [editing, setEditing] = useState<EmailSegment | null>(null);
  const [builderOpen, setBuilderOpen] = useState(false);
  const [deleting, setDeleting] = useState<EmailSegment | null>(null);
  const titles = new Map((products.data?.products ?? []).map((product) => [product.id, product.title]));
  const productTitle = (id: string) => titles.get(id) ?? 'a removed product';

  return (
    <section aria-labelledby="segments-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="segments-title" className="text-lg font-semibold text-slate-900">
            Segments
          </h2>
          <p className="text-sm text-slate-600">Groups of your audience to send a campaign to.</p>
        </div>
        <Button
          onClick={() => {
            setEditing(null);
            setBuilderOpen(true);
          }}
        >
          New segment
        </Button>
      </div>
      {segments.isPending ? (
        <Spinner label="Loading segments" />
      ) : segments.isError ? (
        <LoadError title="Segments could not load" error={segments.error} onRetry={() => void segments.refetch()} />
      ) : segments.data.segments.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{EMPTY_SEGMENTS_TEXT}</p>
      ) : (
        <ul aria-label="Segments" className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {segments.data.segments.map((segment) => (
            <li key={segment.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-semibold text-slate-900 wrap-anywhere">{segment.name}</p>
                <p className="text-sm text-slate-600">
                  {segment.recipientCount === 1 ? '1 recipient' : `${number.format(segment.recipientCount)} recipients`}
                  {' · '}
                  {describeFilter(segment.filter, productTitle)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  aria-label={`Edit ${segment.name}`}
                  onClick={() => {
                    setEditing(segment);
                    setBuilderOpen(true);
                  }}
                >
                  Edit
                </Button>
                <Button variant="ghost" aria-label={`Delete ${segment.name}`} onClick={() => setDeleting(segment)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SegmentDialog
        storeId={storeId}
        products={products.data?.products ?? []}
        productsLoading={products.isPending}
        editing={editing}
        open={builderOpen}
        onClose={() => setBuilderOpen(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this segment'}?`}
        description="Nobody is removed from your audience. Draft campaigns that used this segment go to everyone who agreed to marketing instead."
        confirmLabel="Delete segment"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} was deleted`);
              setDeleting(null);
            },
          });
        }}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </section>
  );
}
