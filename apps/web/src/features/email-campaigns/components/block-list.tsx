import { EMAIL_LIMITS, type EmailBlock, type EmailBlockType, type Product } from '@shopfront/core';
import { useEffect, useRef } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { BLOCK_LABELS, BLOCK_TYPES, blockFieldError, moveItem, newBlock } from '../lib/campaign-form.ts';
import { BlockFields, type BlockErrors } from './block-fields.tsx';

interface BlockListProps {
  blocks: EmailBlock[];
  onChange: (blocks: EmailBlock[]) => void;
  /** The form's errors for `body`, one entry per block (by index). */
  errors: unknown;
  products: readonly Product[];
}

const controlId = (blockId: string, control: 'up' | 'down' | 'remove' | 'group') => `email-block-${blockId}-${control}`;

/**
 * The email's body as an ordered list of blocks. Every block can move up or down and be removed
 * with its buttons (mouse or keyboard); focus follows the block that moved.
 */
export function BlockList({ blocks, onChange, errors, products }: BlockListProps) {
  // The element to focus once the list has re-rendered (by id: a moved block's node is new to it).
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });
  const setFocusTarget = (id: string) => {
    focusTarget.current = id;
  };

  const move = (index: number, step: -1 | 1) => {
    const block = blocks[index];
    if (!block) return;
    const next = moveItem(blocks, index, step);
    onChange(next);
    const newIndex = next.indexOf(block);
    // At an edge the pressed button turns disabled: focus its twin instead.
    const atEdge = step === -1 ? newIndex === 0 : newIndex === next.length - 1;
    setFocusTarget(controlId(block.id, atEdge ? (step === -1 ? 'down' : 'up') : step === -1 ? 'up' : 'down'));
  };
  const remove = (index: number) => {
    const next = blocks.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? controlId(neighbour.id, 'group') : 'email-block-add');
  };
  const add = (type: EmailBlockType) => {
    const block = newBlock(type);
    onChange([...blocks, block]);
    setFocusTarget(controlId(block.id, 'group'));
  };
  const blockErrors = (index: number): BlockErrors => {
    const raw = (Array.isArray(errors) ? errors[index] : undefined) as Record<string, { message?: string } | undefined> | undefined;
    const block = blocks[index];
    if (!raw || !block) return {};
    return Object.fromEntries(Object.entries(raw).map(([field, error]) => [field, blockFieldError(block.type, field, error?.message)]));
  };
  const full = blocks.length >= EMAIL_LIMITS.blocksMax;

  return (
    <div className="space-y-4">
      {blocks.length === 0 ? <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">The email is empty. Add a first block below: a heading, some text, a product…</p> : null}
      <ol aria-label="Email blocks" className="space-y-3">
        {blocks.map((block, index) => {
          const label = `Block ${index + 1}: ${BLOCK_LABELS[block.type]}`;
          return (
            <li key={block.id}>
              <fieldset
                id={controlId(block.id, 'group')}
                tabIndex={-1}
                aria-label={label}
                className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4"
              >
                <div className="mb-3 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
                    {index + 1}. {BLOCK_LABELS[block.type]}
                  </p>
                  <div className="-mr-2 flex flex-wrap gap-0.5">
                    <Button id={controlId(block.id, 'up')} variant="ghost" className="px-3" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      Move up
                    </Button>
                    <Button id={controlId(block.id, 'down')} variant="ghost" className="px-3" aria-label={`Move ${label} down`} disabled={index === blocks.length - 1} onClick={() => move(index, 1)}>
                      Move down
                    </Button>
                    <Button id={controlId(block.id, 'remove')} variant="ghost" className="px-3 text-red-700 hover:bg-red-50" aria-label={`Remove ${label}`} onClick={() => remove(index)}>
                      Remove
                    </Button>
                  </div>
                </div>
                <BlockFields block={block} onChange={(changed) => onChange(blocks.map((b, i) => (i === index ? changed : b)))} errors={blockErrors(index)} products={products} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div id="email-block-add" tabIndex={-1} role="group" aria-label="Add a block" className="flex flex-wrap gap-2 rounded-xl border border-dashed border-slate-300 p-3 focus-visible:outline-2 focus-visible:outline-brand-600">
        {BLOCK_TYPES.map((type) => (
          <Button key={type} variant="secondary" aria-label={`Add ${BLOCK_LABELS[type]}`} disabled={full} onClick={() => add(type)}>
            + {BLOCK_LABELS[type]}
          </Button>
        ))}
        {full ? <p className="w-full text-sm text-slate-600">An email can have up to {EMAIL_LIMITS.blocksMax} blocks.</p> : null}
      </div>
    </div>
  );
}
