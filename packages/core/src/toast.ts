/** Spec §4/§9 toast rules. */
export const TOAST_KINDS = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = Object.freeze({
  success: 4_000,
  error: 8_000,
  warning: 6_000,
  info: 5_000,
  default: 5_000,
});

/** A duplicate (same kind and message) within 1.5 s of the last shown one is suppressed. */
export const TOAST_DEDUPE_WINDOW_MS = 1_500;

export interface ToastIdentity {
  kind: ToastKind;
  message: string;
}

export interface ToastGate {
  /** True when the toast should show; records it as shown. `nowMs` is injected (no hidden clock). */
  shouldShow(toast: ToastIdentity, nowMs: number): boolean;
}

export function createToastGate(windowMs: number = TOAST_DEDUPE_WINDOW_MS): ToastGate {
  const lastShown = new Map<string, number>();
  return {
    shouldShow({ kind, message }, nowMs) {
      const key = `${kind}\u0000${message}`;
      const last = lastShown.get(key);
      if (last !== undefined && nowMs - last < windowMs) return false;
      for (const [other, at] of lastShown) if (nowMs - at >= windowMs) lastShown.delete(other);
      lastShown.set(key, nowMs);
      return true;
    },
  };
}
