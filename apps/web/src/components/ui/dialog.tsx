import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { cn } from './cn.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Focused on open; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the opener is gone (e.g. a menu item). */
  returnFocus?: RefObject<HTMLElement | null>;
  /** False while an action runs: Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
  tone?: 'default' | 'danger';
}

/**
 * A modal dialog on Radix (focus trap, Escape, scroll lock, focus return, aria wiring); a bottom
 * sheet on phones, centred from `sm` up.
 */
export function Dialog({ open, onClose, title, description, children, initialFocus, returnFocus, dismissible = true, tone = 'default' }: DialogProps) {
  const blockWhenBusy = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && dismissible && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          role={tone === 'danger' ? 'alertdialog' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocus?.current && !document.activeElement?.isConnected) {
              event.preventDefault();
              returnFocus.current.focus();
            }
          }}
          onEscapeKeyDown={blockWhenBusy}
          onPointerDownOutside={blockWhenBusy}
          onInteractOutside={blockWhenBusy}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className={cn('text-lg font-semibold', tone === 'danger' ? 'text-red-700' : 'text-slate-900')}>{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description asChild>
                  <div className="mt-1 text-sm text-slate-600">{description}</div>
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              disabled={!dismissible}
              className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-40"
            >
              <span className="sr-only">Close</span>
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.3 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.3-3.3a1 1 0 0 0-1.4-1.4L10 8.6z" />
              </svg>
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
