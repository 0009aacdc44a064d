import { DISCOUNT_LIMITS, type DiscountCode, type Store } from '@shopfront/core';
import { formatMoney } from '@shopfront/core/money';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteDiscountCode, useDiscountCodes, useDiscountProducts } from '../api/discounts-api.ts';
import { DiscountFormDialog } from './discount-form-dialog.tsx';

export const EMPTY_DISCOUNTS_TEXT = 'No discount codes yet. Create one to offer a lower price to your audience.';

/** /dashboard/products/discounts: the active store's discount codes. */
export function DiscountsScreen() {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its discount codes will appear here.</p>;
  return <StoreDiscounts key={store.id} store={store} />;
}

function StoreDiscounts({ store }: { store: Store }) {
  const codes = useDiscountCodes(store.id);
  const products = useDiscountProducts(store.id);
  const remove = useDeleteDiscountCode(store.id);
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const currency = products.data?.currency ?? 'USD';
  const productTitle = new Map((products.data?.products ?? []).map((product) => [product.id, product.title]));

  if (codes.isPending) return <Spinner label="Loading discount codes" />;
  if (codes.isError) return <LoadError title="Discount codes could not load" error={codes.error} onRetry={() => void codes.refetch()} />;
  const list = codes.data.codes;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{list.length === 1 ? '1 code' : `${list.length} codes`}</p>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New discount code
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{EMPTY_DISCOUNTS_TEXT}</p>
      ) : (
        <>
          {list.some((code) => code.heldCount > 0) ? <p className="text-sm text-slate-600">{HELD_USES_NOTE}</p> : null}
          <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Discount codes">
            {list.map((code) => (
              <li key={code.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-base font-semibold tracking-wide text-slate-900">{code.code}</span>
                    <span className={statusOf(code) === 'Active' ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800' : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700'}>
                      {statusOf(code)}
                    </span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {code.kind === 'percent' ? `${code.value}% off` : `${formatMoney(code.value, code.currency, { locale: 'en-US' })} off`}
                    {' · '}
                    {code.productId ? (productTitle.get(code.productId) ?? 'One product') : 'Every product'}
                    {' · '}
                    {usesText(code)}
                    {code.expiresAt ? ` · until ${new Date(code.expiresAt).toLocaleDateString()}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${code.code}`}
                    onClick={() => {
                      setEditing(code);
                      setFormOpen(true);
                    }}
                  >
                    Edit
                  </Button>
                  <Button variant="ghost" aria-label={`Delete ${code.code}`} onClick={() => setDeleting(code)}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <DiscountFormDialog storeId={store.id} currency={currency} products={products.data?.products ?? []} editing={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.code ?? 'this code'}?`}
        description="Buyers can no longer use it. Orders that used it keep the price they paid."
        confirmLabel="Delete code"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.code} was deleted`);
              setDeleting(null);
            },
          });
        }}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </div>
  );
}

function statusOf(code: DiscountCode): string {
  if (!code.active) return 'Inactive';
  if (code.expiresAt && new Date(code.expiresAt).getTime() <= Date.now()) return 'Expired';
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return 'Used up';
  if (code.maxUses !== null && code.usedCount + code.heldCount >= code.maxUses) return 'All uses held';
  return 'Active';
}

/** "3 of 10 used · 2 held": held uses are checkouts not paid yet (HELD_USES_NOTE). */
function usesText(code: DiscountCode): string {
  const used = code.maxUses === null ? `${code.usedCount} used` : `${code.usedCount} of ${code.maxUses} used`;
  return code.heldCount > 0 ? `${used} · ${code.heldCount} held` : used;
}

export const HELD_USES_NOTE = `Held uses belong to buyers who are paying now. A checkout not paid within ${DISCOUNT_LIMITS.holdMinutes} minutes gives its use back.`;
