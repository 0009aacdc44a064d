import { isDownloadType, PRODUCT_LIMITS, type Product } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { rememberProduct, useProducts } from '../api/products-api.ts';
import { EditorCard } from './editor-card.tsx';

/**
 * "Included products": makes a saved digital download a bundle of the store's other downloads
 * (docs/selling.md "Bundles"). Saved on its own; the server checks every rule again.
 */
export function BundleItemsCard({ product }: { product: Product | null }) {
  if (!product || product.type !== 'digital' || product.status === 'archived') return null;
  return <BundleItemsForm key={product.id} product={product} />;
}

function BundleItemsForm({ product }: { product: Product }) {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useProducts(product.storeId);
  const [ids, setIds] = useState<string[]>(() => product.bundleItems.map((item) => item.productId));
  const [adding, setAdding] = useState('');
  const save = useMutation({
    mutationFn: (bundleProductIds: string[]) => callFunction('updateProduct', { storeId: product.storeId, productId: product.id, bundleProductIds }),
    onSuccess: (saved) => {
      rememberProduct(queryClient, saved);
      toast.success(saved.bundleItems.length ? 'Included products saved.' : 'This product is no longer a bundle.');
    },
  });

  const all = list.data?.products ?? [];
  const titleOf = (productId: string) => all.find((row) => row.id === productId)?.title ?? product.bundleItems.find((item) => item.productId === productId)?.title ?? 'Product';
  const candidates = all.filter((row) => row.id !== product.id && isDownloadType(row.type) && row.bundleItems.length === 0 && !ids.includes(row.id));
  const saved = product.bundleItems.map((item) => item.productId);
  const dirty = saved.join() !== ids.join();
  const full = ids.length >= PRODUCT_LIMITS.bundleItemsMax;
  const move = (index: number, by: number) =>
    setIds((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  return (
    <EditorCard title="Included products" description="Sell other downloads of your store together at this product’s price. Buyers get every file of every included product.">
      {list.isError ? (
        <Alert>
          {errorMessage(list.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}
      {ids.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No included products: this is a single product.</p>
      ) : (
        <ol className="space-y-2" aria-label="Included products">
          {ids.map((productId, index) => (
            <li key={productId} className="flex flex-wrap items-center gap-2 rounded-xl p-2 ring-1 ring-slate-200">
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{titleOf(productId)}</span>
              <Button variant="ghost" aria-label={`Move ${titleOf(productId)} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button variant="ghost" aria-label={`Move ${titleOf(productId)} down`} disabled={index === ids.length - 1} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button variant="ghost" aria-label={`Remove ${titleOf(productId)}`} onClick={() => setIds((current) => current.filter((other) => other !== productId))}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-add`} className="block text-sm font-medium text-slate-800">
          Add a product
        </label>
        <div className="flex gap-2">
          <select
            id={`${id}-add`}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 text-sm"
            value={adding}
            disabled={list.isPending || full || candidates.length === 0}
            onChange={(event) => setAdding(event.target.value)}
            aria-describedby={`${id}-add-hint`}
          >
            <option value="">{list.isPending ? 'Loading products…' : candidates.length === 0 ? 'No other downloads to add' : 'Choose a download'}</option>
            {candidates.map((row) => (
              <option key={row.id} value={row.id}>
                {row.title}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={!adding || full}
            onClick={() => {
              setIds((current) => [...current, adding]);
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
        <p id={`${id}-add-hint`} className="text-sm text-slate-600">
          Digital downloads and lead magnets of this store, up to {PRODUCT_LIMITS.bundleItemsMax}. A bundle cannot include another bundle.
        </p>
      </div>
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      {dirty ? (
        <p role="status" className="text-sm font-medium text-amber-800">
          Unsaved changes: the store keeps the saved list until you save.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => save.mutate(ids)} disabled={!dirty || save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save included products'}
        </Button>
        {dirty ? (
          <Button variant="ghost" onClick={() => setIds(saved)} disabled={save.isPending}>
            Discard changes
          </Button>
        ) : null}
      </div>
    </EditorCard>
  );
}
