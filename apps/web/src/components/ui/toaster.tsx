import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { toast as appToasts, type ToastItem, type ToastStore } from '#src/lib/toast.ts';
import { cn } from './cn.ts';

const KIND_STYLES = {
  success: { ring: 'ring-emerald-200', dot: 'bg-emerald-500', label: 'Success' },
  error: { ring: 'ring-red-200', dot: 'bg-red-500', label: 'Error' },
  warning: { ring: 'ring-amber-200', dot: 'bg-amber-500', label: 'Warning' },
  info: { ring: 'ring-sky-200', dot: 'bg-sky-500', label: 'Info' },
  default: { ring: 'ring-slate-200', dot: 'bg-slate-400', label: 'Notice' },
} as const;

/** Renders the toast store with Radix Toast: announced politely (errors assertively), dismissible, swipeable. */
export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const items = useSyncExternalStore(store.subscribe, store.getItems, store.getItems);
  return (
    <RadixToast.Provider swipeDirection="right" label="Notification">
      {items.map((item) => (
        <ToastView key={item.id} item={item} onDismiss={() => store.dismiss(item.id)} />
      ))}
      {/* On a phone, dialogs open as bottom sheets with their buttons at the bottom: toasts go on top there. */}
      <RadixToast.Viewport className="fixed right-0 top-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-8 sm:top-auto" />
    </RadixToast.Provider>
  );
}

function ToastView({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const style = KIND_STYLES[item.kind];
  return (
    <RadixToast.Root
      duration={item.durationMs}
      type={item.kind === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => !open && onDismiss()}
      data-kind={item.kind}
      className={cn('toast-root flex items-start gap-3 rounded-xl bg-white p-4 shadow-lg ring-1', style.ring)}
    >
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', style.dot)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <RadixToast.Title className="text-sm font-semibold text-slate-900">{item.title ?? style.label}</RadixToast.Title>
        <RadixToast.Description className="mt-0.5 text-sm text-slate-700">{item.message}</RadixToast.Description>
      </div>
      <RadixToast.Close aria-label="Dismiss notification" className="-m-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M6.3 5.3a1 1 0 0 0-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 1 0 1.4 1.4L10 11.4l3.3 3.3a1 1 0 0 0 1.4-1.4L11.4 10l3.3-3.3a1 1 0 0 0-1.4-1.4L10 8.6z" />
        </svg>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}
