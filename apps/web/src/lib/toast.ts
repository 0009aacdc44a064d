import { createToastGate, TOAST_DURATION_MS, type ToastKind } from '@shopfront/core';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  durationMs: number;
}

export interface ToastOptions {
  title?: string;
}

type Listener = (items: readonly ToastItem[]) => void;

/**
 * Spec §9 toasts: per-kind durations, and the same message of the same kind within 1.5 s is
 * suppressed (core `createToastGate`). The clock is injected so tests need no sleeps.
 */
export function createToastStore(now: () => number = () => Date.now()) {
  const gate = createToastGate();
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(items));

  function show(kind: ToastKind, message: string, options: ToastOptions = {}): number | null {
    if (!gate.shouldShow({ kind, message }, now())) return null;
    const item: ToastItem = { id: nextId++, kind, message, title: options.title, durationMs: TOAST_DURATION_MS[kind] };
    items = [...items, item];
    emit();
    return item.id;
  }

  return {
    show,
    success: (message: string, options?: ToastOptions) => show('success', message, options),
    error: (message: string, options?: ToastOptions) => show('error', message, options),
    warning: (message: string, options?: ToastOptions) => show('warning', message, options),
    info: (message: string, options?: ToastOptions) => show('info', message, options),
    message: (message: string, options?: ToastOptions) => show('default', message, options),
    dismiss(id: number) {
      const next = items.filter((item) => item.id !== id);
      if (next.length === items.length) return;
      items = next;
      emit();
    },
    getItems: (): readonly ToastItem[] => items,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toasts: `toast.error(error.message)`, `toast.success('Saved')`. */
export const toast: ToastStore = createToastStore();
