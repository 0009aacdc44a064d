import { createUsePuck, type FieldRenderFunctions } from '@puckeditor/core';
import { createContext, useContext, type ReactNode } from 'react';
import type { BlockFieldError } from '../lib/block-field-error.ts';

/** The field a refused save named, for the panel to show beside that field. */
export const BlockFieldErrorContext = createContext<BlockFieldError | null>(null);

const usePuck = createUsePuck();

/** The server's reason under the field it names, while that field's block is the one selected. */
export function FieldErrorNote({ name }: { name: string }) {
  const error = useContext(BlockFieldErrorContext);
  const selectedId = usePuck((state) => (state.selectedItem?.props as { id?: string } | undefined)?.id ?? null);
  if (!error || error.field !== name || error.blockId !== selectedId) return null;
  return (
    <p role="alert" className="mt-1 text-sm font-medium text-red-700">
      {error.message}
    </p>
  );
}

const withNote = ({ children, name }: { children: ReactNode; name: string }) => (
  <>
    {children}
    <FieldErrorNote name={name} />
  </>
);

/** Puck's own text fields, each followed by its note (Puck passes the default field as `children`). */
export const FIELD_ERROR_OVERRIDES: Partial<FieldRenderFunctions> = { text: withNote, textarea: withNote };
