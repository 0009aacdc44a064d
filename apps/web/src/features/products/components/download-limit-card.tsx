import { zodResolver } from '@hookform/resolvers/zod';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, isDownloadType, type Product } from '@shopfront/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { PRODUCT_KEYS } from '../api/product-keys.ts';
import { EditorCard } from './editor-card.tsx';

/** Empty is unlimited; otherwise a whole number from 1 to the maximum (the server checks the same). */
const LimitFormSchema = z.object({
  limit: z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= COMMERCE_LIMITS.downloadLimitMax), {
      error: COMMERCE_MESSAGES.downloadLimitInvalid,
    })
    .transform((text) => (text === '' ? null : Number(text))),
});

const limitKey = (product: Product) => [...PRODUCT_KEYS.one(product.storeId, product.id), 'download-limit'] as const;

/**
 * The product's per-order download limit (how many complete downloads of each file a buyer gets),
 * saved on its own: it is not one of the product's fields, so the editor's Save does not send it.
 * Only saved downloads, lead magnets and memberships (each member, per file) have files; archived
 * products are read only.
 */
export function DownloadLimitCard({ product }: { product: Product | null }) {
  if (!product || !(isDownloadType(product.type) || product.type === 'membership') || product.status === 'archived') return null;
  return <DownloadLimitForm key={product.id} product={product} />;
}

/** A membership's limit counts per member; a download's per buyer. */
const who = (product: Product) => (product.type === 'membership' ? 'member' : 'buyer');

function DownloadLimitForm({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: limitKey(product),
    queryFn: () => callFunction('getDownloadLimit', { storeId: product.storeId, productId: product.id }),
  });
  const save = useMutation({
    mutationFn: (downloadLimit: number | null) => callFunction('setDownloadLimit', { storeId: product.storeId, productId: product.id, downloadLimit }),
    onSuccess: (saved) => {
      queryClient.setQueryData(limitKey(product), saved);
      form.reset({ limit: saved.downloadLimit === null ? '' : String(saved.downloadLimit) });
      toast.success(saved.downloadLimit === null ? 'Downloads are unlimited.' : `Each ${who(product)} can download each file ${saved.downloadLimit} ${saved.downloadLimit === 1 ? 'time' : 'times'}.`);
    },
  });
  const form = useForm<{ limit: string }, unknown, { limit: number | null }>({
    resolver: zodResolver(LimitFormSchema),
    values: current.data ? { limit: current.data.downloadLimit === null ? '' : String(current.data.downloadLimit) } : undefined,
    defaultValues: { limit: '' },
  });
  const submit = form.handleSubmit(({ limit }) => save.mutate(limit));

  return (
    <EditorCard title="Download limit" description={`How many times each ${who(product)} can download each file completely. An interrupted download does not count; a resumed one counts once, when it finishes.`}>
      {current.isError ? (
        <Alert>
          {errorMessage(current.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void current.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <>
          <TextField
            label="Downloads per file"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Unlimited"
            hint="Leave empty for unlimited."
            disabled={current.isPending}
            error={form.formState.errors.limit?.message}
            {...form.register('limit')}
            onKeyDown={(event) => {
              // The editor's own form would save the product on Enter; this field saves itself.
              if (event.key === 'Enter') {
                event.preventDefault();
                void submit();
              }
            }}
          />
          {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
          <Button variant="secondary" onClick={() => void submit()} disabled={current.isPending || save.isPending || !form.formState.isDirty} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save limit'}
          </Button>
        </>
      )}
    </EditorCard>
  );
}
