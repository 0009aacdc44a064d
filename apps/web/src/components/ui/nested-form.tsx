import type { FormEvent, FormHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export interface NestedFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** Called after the browser's own submit is cancelled. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form for a dialog opened from inside another form (the product editor's dialogs). A Radix
 * dialog is portalled out of the DOM but React still bubbles its events through the component
 * tree, so without this the dialog's submit would also submit — and save — the outer form.
 */
export function NestedForm({ onSubmit, className, children, ...props }: NestedFormProps) {
  return (
    <form
      noValidate
      className={cn('space-y-4', className)}
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit(event);
      }}
    >
      {children}
    </form>
  );
}
