import type { Product } from '@shopfront/core';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteProduct } from '../api/products-api.ts';

/**
 * "Delete this product?" The server deletes it, or archives it when it has orders (buyers keep
 * their downloads); the toast says which happened.
 */
export function DeleteProductDialog({ storeId, product, onClose, onDone }: { storeId: string; product: Product | null; onClose: () => void; onDone?: () => void }) {
  const remove = useDeleteProduct(storeId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={product !== null}
      title={`Delete “${product?.title ?? ''}”?`}
      description={
        <>
          <p>It disappears from your store and can no longer be bought.</p>
          <p className="mt-2">If anyone has bought it, it is archived instead of deleted, so buyers keep access to their downloads.</p>
        </>
      }
      confirmLabel="Delete product"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!product) return;
        remove.mutate(product.id, {
          onSuccess: (result) => {
            if (result.archived) toast.success(`“${product.title}” has orders, so it was archived. Buyers keep their access.`, { title: 'Product archived' });
            else toast.success(`“${product.title}” was deleted.`, { title: 'Product deleted' });
            close();
            onDone?.();
          },
        });
      }}
    />
  );
}
