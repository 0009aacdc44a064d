import type { EmailBlock, Product } from '@shopfront/core';
import { useId } from 'react';
import { RichTextEditor } from '#src/components/forms/rich-text-editor.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { cn } from '#src/components/ui/cn.ts';

export type BlockErrors = Partial<Record<string, string>>;

interface BlockFieldsProps {
  block: EmailBlock;
  onChange: (block: EmailBlock) => void;
  errors: BlockErrors;
  products: readonly Product[];
}

/** The inputs of one block, by its type. */
export function BlockFields({ block, onChange, errors, products }: BlockFieldsProps) {
  switch (block.type) {
    case 'text':
      return <RichTextEditor label="Text" value={block.html} onChange={(html) => onChange({ ...block, html })} error={errors.html} />;
    case 'heading':
      return <TextField label="Heading text" value={block.text} onChange={(event) => onChange({ ...block, text: event.target.value })} error={errors.text} />;
    case 'image':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Image URL" type="url" inputMode="url" placeholder="https://" className="sm:col-span-2" value={block.src} onChange={(event) => onChange({ ...block, src: event.target.value })} error={errors.src} />
          <TextField label="Alt text" hint="Read aloud to people who cannot see the image." value={block.alt} onChange={(event) => onChange({ ...block, alt: event.target.value })} error={errors.alt} />
          <TextField
            label="Link (optional)"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={block.href ?? ''}
            onChange={(event) => {
              const { href: _drop, ...rest } = block;
              onChange(event.target.value ? { ...rest, href: event.target.value } : rest);
            }}
            error={errors.href}
          />
        </div>
      );
    case 'button':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Button label" placeholder="Get the guide" value={block.label} onChange={(event) => onChange({ ...block, label: event.target.value })} error={errors.label} />
          <TextField label="Button link" type="url" inputMode="url" placeholder="https://" value={block.href} onChange={(event) => onChange({ ...block, href: event.target.value })} error={errors.href} />
        </div>
      );
    case 'divider':
      return <p className="text-sm text-slate-600">A thin line between the blocks above and below.</p>;
    case 'product':
      return <ProductChoice value={block.productId} products={products} onChange={(productId) => onChange({ ...block, productId })} error={errors.productId} />;
  }
}

function ProductChoice({ value, products, onChange, error }: { value: string; products: readonly Product[]; onChange: (productId: string) => void; error: string | undefined }) {
  const id = useId();
  const choices = products.filter((product) => product.status !== 'archived');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Product
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn('block min-h-11 w-full rounded-lg border bg-white px-3 text-base shadow-sm sm:text-sm', error ? 'border-red-500' : 'border-slate-300')}
      >
        <option value="">Choose a product…</option>
        {choices.map((product) => (
          <option key={product.id} value={product.id}>
            {product.title}
            {product.status === 'draft' ? ' (draft)' : ''}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {choices.length === 0 ? 'Your store has no products yet.' : 'Its image, title, price and a link to its page.'}
        </p>
      )}
    </div>
  );
}
